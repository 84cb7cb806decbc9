package provider

import (
	"context"
	"errors"
	"fmt"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// FunctionProvider is one function's part of a provider: what a generated XProvider of a function X
// is. Server sends it the invokes of its token.
type FunctionProvider interface {
	Token() tokens.ModuleMember
	Invoke(context.Context, *pulumirpc.InvokeRequest) (*pulumirpc.InvokeResponse, error)
}

// FunctionSpec describes a function to the engine: generated code declares one per function, T being
// the function's marshaling struct.
type FunctionSpec[T any] struct {
	// Token is the function's token.
	Token tokens.ModuleMember
	// Properties are the function's inputs and results in declaration order; results are Out.
	Properties []Property
	// Unmarshal reads the inputs from an open object into obj.
	Unmarshal func(obj *T, o Object)
	// Marshal writes the results that are set.
	Marshal func(obj *T) resource.PropertyMap
	// Formerly are the tokens the function had in earlier versions (the IDL's formerly=), which the
	// provider answers too.
	Formerly []tokens.ModuleMember
}

// FunctionOps is what a provider author implements for a function whose marshaling struct is T.
// Generated code declares the same method, with its documentation, as XProviderOps.
type FunctionOps[T any] interface {
	// Invoke sets obj's results from its inputs.
	Invoke(ctx context.Context, obj *T) error
}

// Function is the engine behind a generated function's XProvider: it implements FunctionProvider by
// checking the inputs against the IDL, calling the author's ops and returning the results.
type Function[T any] struct {
	spec FunctionSpec[T]
	ops  FunctionOps[T]
}

var _ FunctionProvider = (*Function[struct{}])(nil)

// NewFunction binds a function's spec to the author's ops.
func NewFunction[T any](spec FunctionSpec[T], ops FunctionOps[T]) *Function[T] {
	if ops == nil {
		panic(fmt.Sprintf("provider for %s: nil ops", spec.Token))
	}
	return &Function[T]{spec: spec, ops: ops}
}

// Token returns the function's token.
func (f *Function[T]) Token() tokens.ModuleMember { return f.spec.Token }

// Invoke answers a call of the function: see the package documentation.
func (f *Function[T]) Invoke(ctx context.Context, req *pulumirpc.InvokeRequest) (*pulumirpc.InvokeResponse, error) {
	in, err := readRequest(false, nil, req.GetArgs(), nil)
	if err != nil {
		return nil, err
	}
	args := withDeclaredSecrets(f.spec.Properties, withDefaults(f.spec.Properties, in.news))
	d := NewDecoder(Inputs)
	obj := new(T)
	o := d.Properties(f.inputs(d, args))
	f.spec.Unmarshal(obj, o)
	o.Close()
	if failures := d.Failures(); len(failures) > 0 {
		return &pulumirpc.InvokeResponse{Failures: rpcFailures(failures)}, nil
	}
	if d.Unknown() {
		// The SDKs never send a value that is not known yet: they answer such a call themselves, with
		// results not known either. Should one arrive, the results stay unknown too, which the engine
		// says with an empty answer, as it does for a provider not yet configured.
		return &pulumirpc.InvokeResponse{}, nil
	}
	ctx, c, cancel := begin(ctx, "invoke", string(f.spec.Token), "", 0, 0, args)
	defer cancel()
	if err := f.ops.Invoke(ctx, obj); err != nil {
		if ce, ok := errors.AsType[*CheckError](err); ok {
			return &pulumirpc.InvokeResponse{Failures: rpcFailures(ce.Failures)}, nil
		}
		return nil, c.fail(ctx, err)
	}
	results := withDeclaredSecrets(f.spec.Properties, f.spec.Marshal(obj))
	if args.ContainsSecrets() {
		// Results may reveal the inputs they were found with.
		for k, v := range results {
			results[k] = resource.MakeSecret(v)
		}
	}
	ret, err := marshalProperties(results)
	if err != nil {
		return nil, err
	}
	return &pulumirpc.InvokeResponse{Return: ret}, nil
}

// inputs returns args without the results a program passed as inputs, each reported as a failure.
func (f *Function[T]) inputs(d *Decoder, args resource.PropertyMap) resource.PropertyMap {
	copied := false
	for _, p := range f.spec.Properties {
		if !p.Out || !args.HasValue(p.Key) {
			continue
		}
		d.pushKey(p.Key)
		d.fail("a result of the function; a program passes only its inputs")
		d.pop()
		if !copied {
			args, copied = args.Copy(), true
		}
		delete(args, p.Key)
	}
	return args
}

// rpcFailures returns failures as the protocol carries them.
func rpcFailures(failures []CheckFailure) []*pulumirpc.CheckFailure {
	out := make([]*pulumirpc.CheckFailure, len(failures))
	for i, f := range failures {
		out[i] = &pulumirpc.CheckFailure{Property: f.Property, Reason: f.Reason}
	}
	return out
}
