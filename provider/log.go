package provider

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// Logger sends an operation's messages to the Pulumi engine, which shows them under the resource the
// operation works on: in `pulumi up`'s output (a warning among the diagnostics of its resource, a status
// in its row while the operation runs), and in the Automation API's event stream as diagnostic events
// that carry the resource's URN. Messages about no resource (those of a function's call, or of
// configuring the provider) are the provider's, shown as the engine shows messages of the stack.
//
// Ops get the Logger of the operation they serve from their context:
//
//	provider.Log(ctx).Warnf("role %q owned objects in %v; they now belong to %q", name, dbs, admin)
//	provider.Log(ctx).Statusf("waiting for the instance to boot (%s)", elapsed)
//
// The engine shows debug messages only when asked (pulumi up --debug), and info messages, warnings and
// errors always; an error message does not fail the operation (its returned error does). A status is
// ephemeral: it stands beside the resource while the operation runs, replaced by the next one, and is not
// kept in the output.
//
// A message never shows a secret: the text of every secret that the operation was given (its inputs,
// its state, the provider's configuration) is replaced by [secret] in messages, as it is in the
// operation's error.
type Logger struct {
	engine pulumirpc.EngineClient // nil: no engine to send to (a test's server), and messages are dropped
	urn    resource.URN
	redact *strings.Replacer // nil: nothing to hide
}

// Log returns the Logger of the operation whose context ctx is: a Logger bound to the operation's
// resource. Outside an operation (a context the runtime did not make) it returns a Logger that drops
// what it is given.
func Log(ctx context.Context) *Logger {
	if l, ok := ctx.Value(loggerKey{}).(*Logger); ok {
		return l
	}
	return &Logger{}
}

// Debugf sends a debug message, which the engine shows with --debug.
func (l *Logger) Debugf(format string, args ...any) {
	l.send(pulumirpc.LogSeverity_DEBUG, false, format, args)
}

// Infof sends an informational message.
func (l *Logger) Infof(format string, args ...any) {
	l.send(pulumirpc.LogSeverity_INFO, false, format, args)
}

// Warnf sends a warning: something the user should know, which does not fail the operation.
func (l *Logger) Warnf(format string, args ...any) {
	l.send(pulumirpc.LogSeverity_WARNING, false, format, args)
}

// Errorf sends an error message. It does not fail the operation: return an error for that.
func (l *Logger) Errorf(format string, args ...any) {
	l.send(pulumirpc.LogSeverity_ERROR, false, format, args)
}

// Statusf shows the operation's progress beside its resource while it runs, replacing the status before
// it: for an operation that waits (an instance booting, a lock held elsewhere), so that the user sees
// why.
func (l *Logger) Statusf(format string, args ...any) {
	l.send(pulumirpc.LogSeverity_INFO, true, format, args)
}

// logTimeout bounds a message's call to the engine: the engine answers at once, unless it is gone.
const logTimeout = 10 * time.Second

func (l *Logger) send(severity pulumirpc.LogSeverity, ephemeral bool, format string, args []any) {
	if l.engine == nil {
		return
	}
	msg := fmt.Sprintf(format, args...)
	if l.redact != nil {
		msg = l.redact.Replace(msg)
	}
	// Not the operation's context: a message says what happened also when the operation was canceled or
	// ran out of time, which is when it matters most.
	ctx, cancel := context.WithTimeout(context.Background(), logTimeout)
	defer cancel()
	// A message the engine did not take is lost; the operation goes on.
	_, _ = l.engine.Log(ctx, &pulumirpc.LogRequest{Severity: severity, Message: strings.ToValidUTF8(msg, "\uFFFD"),
		Urn: string(l.urn), Ephemeral: ephemeral})
}

type loggerKey struct{}

// withLogger returns ctx carrying the Logger of an operation on the resource urn ("" for none), which
// hides the given secrets.
func withLogger(ctx context.Context, urn resource.URN, redact *strings.Replacer) context.Context {
	env, _ := ctx.Value(instanceKey{}).(*instance)
	l := &Logger{urn: urn, redact: redact}
	if env != nil {
		l.engine = env.engine
	}
	return context.WithValue(ctx, loggerKey{}, l)
}

// instance is what the server tells the operations it runs about the provider instance: where messages
// go, and the secrets of its configuration, which no message or error may show.
type instance struct {
	engine  pulumirpc.EngineClient
	secrets []string
}

type instanceKey struct{}

// redactor returns what hides the secrets of an operation, those of its instance (from ctx) and the
// texts of the secrets inside maps, in a message: nil when there are none.
func redactor(ctx context.Context, maps ...resource.PropertyMap) *strings.Replacer {
	var texts []string
	if env, ok := ctx.Value(instanceKey{}).(*instance); ok {
		texts = append(texts, env.secrets...)
	}
	for _, m := range maps {
		texts = append(texts, secretTexts(resource.NewProperty(m), false)...)
	}
	return newRedactor(texts)
}

// secretTexts returns the texts of the secrets in v: every string and number inside a secret value, at
// any depth (inside is true within one).
func secretTexts(v resource.PropertyValue, inside bool) []string {
	switch {
	case v.IsSecret():
		return secretTexts(v.SecretValue().Element, true)
	case v.IsOutput():
		o := v.OutputValue()
		return secretTexts(o.Element, inside || o.Secret)
	case v.IsObject():
		var out []string
		for _, e := range v.ObjectValue() {
			out = append(out, secretTexts(e, inside)...)
		}
		return out
	case v.IsArray():
		var out []string
		for _, e := range v.ArrayValue() {
			out = append(out, secretTexts(e, inside)...)
		}
		return out
	case inside && v.IsString():
		return []string{v.StringValue()}
	case inside && v.IsNumber():
		return []string{strconv.FormatFloat(v.NumberValue(), 'f', -1, 64)}
	}
	return nil
}

// newRedactor returns what replaces each of secrets in a text with [secret], also as Go's %q and %+q
// and JSON write it (error messages quote names that way): nil when there is nothing to replace. As the SDK's
// own filter of the engine's logs does, it leaves secrets shorter than 3 bytes alone, and true and
// false: replacing them everywhere would garble every message, and hide little.
func newRedactor(secrets []string) *strings.Replacer {
	var forms []string
	for _, s := range secrets {
		if len(s) < 3 || strings.EqualFold(s, "true") || strings.EqualFold(s, "false") {
			continue
		}
		quoted, ascii := strconv.Quote(s), strconv.QuoteToASCII(s)
		forms = append(forms, s, quoted[1:len(quoted)-1], ascii[1:len(ascii)-1])
		if b, err := json.Marshal(s); err == nil {
			forms = append(forms, string(b[1:len(b)-1]))
		}
	}
	if len(forms) == 0 {
		return nil
	}
	// The longest first: where one secret holds another, the whole is replaced.
	slices.SortFunc(forms, func(a, b string) int { return cmp.Or(cmp.Compare(len(b), len(a)), strings.Compare(a, b)) })
	forms = slices.Compact(forms)
	pairs := make([]string, 0, 2*len(forms))
	for _, f := range forms {
		pairs = append(pairs, f, "[secret]")
	}
	return strings.NewReplacer(pairs...)
}
