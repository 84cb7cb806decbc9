package provider

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/structpb"
)

// Timeouts are how long the operations on a resource may take when the program does not say: the
// default timeouts that the IDL gives the resource (createTimeout=, updateTimeout=, deleteTimeout= and
// timeout= on its marker). A program's customTimeouts resource option overrides them, operation by
// operation. Zero is no limit.
type Timeouts struct {
	Create, Update, Delete time.Duration
}

// Hours, Minutes and Seconds are durations of n units: how generated stubs write a resource's default
// timeouts (provider.Minutes(20)).
func Hours(n float64) time.Duration   { return time.Duration(n * float64(time.Hour)) }
func Minutes(n float64) time.Duration { return time.Duration(n * float64(time.Minute)) }
func Seconds(n float64) time.Duration { return time.Duration(n * float64(time.Second)) }

// PartialError is the failure of an operation that changed the resource all the same: a Create that made
// the object and then could not finish it (a role created whose membership was refused, an instance
// started that never became healthy), an Update that made part of its changes. Ops return one with
// Partial; any other error says that the operation changed nothing.
type PartialError struct {
	Err error
}

func (e *PartialError) Error() string { return e.Err.Error() }
func (e *PartialError) Unwrap() error { return e.Err }

// Partial marks err as the failure of a Create or an Update that changed the resource all the same, and
// returns nil for nil, so that `return id, provider.Partial(err)` ends a Create whether its last step
// failed or not.
//
// The engine keeps such a resource in its state, as the ops left obj (or news, for an Update), marked as
// not fully created; the next `pulumi up` updates it (or replaces it, as the diff says), and `pulumi
// destroy` deletes it: nothing the provider made is lost to the stack. So obj must say what is true of
// the object: a Create returns the object's ID with the error, and the properties the object has (a
// membership that was refused is not among them). An error not marked partial tells the engine that
// nothing changed: a Create must then leave nothing behind, or the object is lost to the stack.
func Partial(err error) error {
	if err == nil {
		return nil
	}
	return &PartialError{Err: err}
}

// call is one call of the author's ops: what the runtime needs to turn its error into the engine's
// answer. begin makes it.
type call struct {
	// op is what the call does, as the engine's timeouts name it: create, update, delete; or read,
	// check, diff, invoke (which the engine gives no timeout).
	op string
	// subject is what messages start with: the resource's type and name, `Instance "web"`.
	subject string
	// timeout is the call's deadline, and timeoutFrom where it comes from; 0 when it has none.
	timeout     time.Duration
	timeoutFrom string
	redact      *strings.Replacer // nil: nothing to hide
}

// begin prepares ctx for a call of the author's ops that does op on the resource urn of type typ: the
// Logger of the operation, bound to urn and hiding the secrets of maps (and of the instance), and for
// create, update and delete a deadline: the engine's timeout (seconds, the program's customTimeouts),
// or else the resource's default, if it has one.
func begin(ctx context.Context, op string, typ string, urn resource.URN, engineTimeout float64, dflt time.Duration,
	maps ...resource.PropertyMap,
) (context.Context, *call, context.CancelFunc) {
	c := &call{op: op, subject: subject(typ, urn), redact: redactor(ctx, maps...)}
	ctx = withLogger(ctx, urn, c.redact)
	switch {
	case engineTimeout > 0:
		c.timeout = time.Duration(engineTimeout * float64(time.Second))
		c.timeoutFrom = "the program's customTimeouts." + op
	case dflt > 0:
		c.timeout = dflt
		c.timeoutFrom = "the provider's default for " + typ
	default:
		return ctx, c, func() {}
	}
	ctx, cancel := context.WithTimeoutCause(ctx, c.timeout, errTimedOut)
	return ctx, c, cancel
}

// errTimedOut is the cause of a call's context when its timeout ended it.
var errTimedOut = errors.New("timed out")

// subject names the resource urn of type typ (a token) in messages: `Instance "web"`.
func subject(typ string, urn resource.URN) string {
	name := typ[strings.LastIndexByte(typ, ':')+1:]
	if urn == "" {
		return name
	}
	return fmt.Sprintf("%s %q", name, urn.Name())
}

// fail turns the error of the author's ops into the engine's: a call that ran out of time says so,
// naming its timeout and how to raise it; no secret is shown. ctx is the call's.
func (c *call) fail(ctx context.Context, err error) error {
	msg, code, changed := c.message(ctx, err)
	if !changed {
		return err
	}
	return status.Error(code, msg)
}

// partial is the engine's answer to a Create or Update that failed with a PartialError after it made or
// changed the object id, whose properties are now outputs: the engine's ErrorResourceInitFailed, with
// which the engine keeps the resource in its state, marked as not fully created.
func (c *call) partial(ctx context.Context, id resource.ID, outputs *structpb.Struct, err error) error {
	msg, code, _ := c.message(ctx, err)
	st, detailErr := status.New(code, msg).WithDetails(&pulumirpc.ErrorResourceInitFailed{
		Id: string(id), Properties: outputs, Reasons: []string{msg},
	})
	if detailErr != nil {
		return detailErr
	}
	return st.Err()
}

// message returns the text and status code the engine is to see for err, and whether they differ from
// what gRPC would make of err by itself.
func (c *call) message(ctx context.Context, err error) (string, codes.Code, bool) {
	msg, code, changed := err.Error(), status.Code(err), false
	if st, ok := status.FromError(err); ok {
		msg = st.Message()
	}
	if ctx.Err() != nil && errors.Is(context.Cause(ctx), errTimedOut) {
		msg, code, changed = c.timedOut()+": "+msg, codes.DeadlineExceeded, true
	}
	if c.redact != nil {
		if hidden := c.redact.Replace(msg); hidden != msg {
			msg, changed = hidden, true
		}
	}
	return msg, code, changed
}

// timedOut says that the call ran out of time, and how to give it more.
func (c *call) timedOut() string {
	return fmt.Sprintf("%s: %s timed out after %s (%s); give it more time with the customTimeouts resource option, such as { %s: %q }",
		c.subject, c.op, duration(c.timeout), c.timeoutFrom, c.op, duration(2*c.timeout))
}

// duration writes d as a program's customTimeouts do: 2s, 10m, 1h30m (time.Duration writes 10m0s).
func duration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}
