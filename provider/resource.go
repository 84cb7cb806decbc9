package provider

import (
	"context"
	"errors"
	"fmt"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/emptypb"
)

// ResourceProvider is one resource type's part of a provider: what a generated TProvider is. Its
// methods are those of pulumirpc.ResourceProviderServer for one resource; Server calls them by type token.
type ResourceProvider interface {
	Type() tokens.Type
	Check(context.Context, *pulumirpc.CheckRequest) (*pulumirpc.CheckResponse, error)
	Diff(context.Context, *pulumirpc.DiffRequest) (*pulumirpc.DiffResponse, error)
	Create(context.Context, *pulumirpc.CreateRequest) (*pulumirpc.CreateResponse, error)
	Read(context.Context, *pulumirpc.ReadRequest) (*pulumirpc.ReadResponse, error)
	Update(context.Context, *pulumirpc.UpdateRequest) (*pulumirpc.UpdateResponse, error)
	Delete(context.Context, *pulumirpc.DeleteRequest) (*emptypb.Empty, error)
}

// Resource is the engine behind a generated TProvider: it implements ResourceProvider for the resource
// that spec describes by converting between property maps and T and calling the author's ops.
type Resource[T any] struct {
	spec  Spec[T]
	ops   Ops[T]
	hooks Hooks[T]
	// update is the ops' Update; nil for a resource whose every input replaces it.
	update func(ctx context.Context, id resource.ID, olds, news *T) error
}

var _ ResourceProvider = (*Resource[struct{}])(nil)

// NewResource binds a resource's spec to the author's ops, which implement Updater unless every input
// of the resource replaces it: the runtime never calls the Update of such a resource's ops.
func NewResource[T any](spec Spec[T], ops Ops[T], hooks Hooks[T]) *Resource[T] {
	if ops == nil {
		panic(fmt.Sprintf("provider for %s: nil ops", spec.Type))
	}
	r := &Resource[T]{spec: spec, ops: ops, hooks: hooks}
	if spec.updatesInPlace() {
		u, ok := ops.(Updater[T])
		if !ok {
			panic(fmt.Sprintf("provider for %s: the ops have no Update, and a change of an input updates the resource in place", spec.Type))
		}
		r.update = u.Update
	}
	return r
}

// Type returns the resource's type token.
func (r *Resource[T]) Type() tokens.Type { return r.spec.Type }

// Unmarshal decodes a property map into a new T. Values that are not known yet decode as zero values.
func (r *Resource[T]) Unmarshal(m resource.PropertyMap, mode Mode) (*T, error) {
	d := NewDecoder(mode)
	obj := r.decode(d, m)
	return obj, d.Err()
}

// Marshal encodes obj as a property map holding every property that is set (`in` properties included,
// the id property excluded).
func (r *Resource[T]) Marshal(obj *T) resource.PropertyMap {
	return r.spec.Marshal(obj)
}

// decode decodes m, with the defaults of the inputs it lacks: values that predate a default get it too.
func (r *Resource[T]) decode(d *Decoder, m resource.PropertyMap) *T {
	obj := new(T)
	o := d.Properties(withDefaults(r.spec.Properties, m))
	r.spec.Unmarshal(obj, o)
	o.Close()
	return obj
}

// decodeState decodes values that passed Check earlier. A problem there is not the program's mistake
// but a broken state or engine, so it is an error rather than check failures.
func (r *Resource[T]) decodeState(m resource.PropertyMap, id resource.ID) (*T, error) {
	d := NewDecoder(State)
	obj := r.decode(d, m)
	if err := d.Err(); err != nil {
		return nil, r.undecodable(m, id, err)
	}
	if id != "" && r.spec.SetID != nil {
		r.spec.SetID(obj, id)
	}
	return obj, nil
}

// Check validates a program's inputs: see the package documentation.
func (r *Resource[T]) Check(ctx context.Context, req *pulumirpc.CheckRequest) (*pulumirpc.CheckResponse, error) {
	in, err := readRequest(false, nil, req.GetNews(), req.GetOlds())
	if err != nil {
		return nil, err
	}
	news, olds := in.news, in.oldInputs
	urn := resource.URN(req.GetUrn())
	var made *madeName
	if r.spec.Named && !news.HasValue("name") {
		made = r.name(req, olds, news)
	}
	// The checked inputs are what the engine records: with the defaults, and the secrets made secret.
	news = withDeclaredSecrets(r.spec.Properties, withDefaults(r.spec.Properties, news))
	d := NewDecoder(Inputs)
	obj := r.decode(d, news)
	failures := made.explain(r.notAsked(d.Failures(), olds, news))
	if r.hooks.Check != nil && len(failures) == 0 && !d.Unknown() {
		ctx, c, cancel := begin(ctx, "check", string(r.spec.Type), urn, 0, 0, news)
		defer cancel()
		more, err := r.hooks.Check(ctx, urn, obj)
		if err != nil {
			return nil, c.fail(ctx, err)
		}
		failures = append(failures, more...)
	}
	inputs, err := marshalProperties(news)
	if err != nil {
		return nil, err
	}
	return &pulumirpc.CheckResponse{Inputs: inputs, Failures: checkFailures(failures, news)}, nil
}

// Create creates the resource with the author's ops; during a preview it only predicts the outputs.
func (r *Resource[T]) Create(ctx context.Context, req *pulumirpc.CreateRequest) (*pulumirpc.CreateResponse, error) {
	in, err := readRequest(false, nil, req.GetProperties(), nil)
	if err != nil {
		return nil, err
	}
	news := in.news
	secrets := secretKeys(news)
	if req.GetPreview() {
		outs, err := r.outputs(r.previewOutputs(news, nil), secrets)
		if err != nil {
			return nil, err
		}
		return &pulumirpc.CreateResponse{Properties: outs}, nil
	}
	obj, err := r.decodeState(news, "")
	if err != nil {
		return nil, err
	}
	urn := resource.URN(req.GetUrn())
	ctx, c, cancel := begin(ctx, "create", string(r.spec.Type), urn, req.GetTimeout(), r.spec.Timeouts.Create, news)
	defer cancel()
	id, opErr := r.ops.Create(ctx, urn, obj)
	partial := errors.As(opErr, new(*PartialError))
	switch {
	case opErr != nil && !partial:
		return nil, c.fail(ctx, opErr)
	case id == "" && partial:
		return nil, c.fail(ctx, fmt.Errorf("%s: Create returned provider.Partial without the ID of what it made, which is lost to the stack: %w", r.spec.Type, opErr))
	case id == "":
		return nil, fmt.Errorf("%s: Create returned an empty ID", r.spec.Type)
	}
	if r.spec.SetID != nil {
		r.spec.SetID(obj, id)
	}
	outs, err := r.outputs(r.spec.Marshal(obj), secrets)
	if err != nil {
		return nil, err
	}
	if partial {
		return nil, c.partial(ctx, id, outs, opErr)
	}
	return &pulumirpc.CreateResponse{Id: string(id), Properties: outs}, nil
}

// Read refreshes the resource's state with the author's ops. It also serves `get` and import, which
// know only the ID.
func (r *Resource[T]) Read(ctx context.Context, req *pulumirpc.ReadRequest) (*pulumirpc.ReadResponse, error) {
	in, err := readRequest(false, req.GetProperties(), nil, req.GetInputs())
	if err != nil {
		return nil, err
	}
	state, inputs := in.state, in.oldInputs
	id := resource.ID(req.GetId())
	obj, err := r.decodeState(r.withInputs(state, inputs), id)
	if err != nil {
		return nil, err
	}
	ctx, c, cancel := begin(ctx, "read", string(r.spec.Type), resource.URN(req.GetUrn()), 0, 0, state, inputs)
	defer cancel()
	ctx, forgot := withForgotten(ctx)
	if err := r.ops.Read(ctx, id, obj); errors.Is(err, ErrNotFound) {
		return &pulumirpc.ReadResponse{}, nil
	} else if err != nil {
		return nil, c.fail(ctx, err)
	}
	secrets := secretKeys(state, inputs)
	read := r.spec.Marshal(obj)
	newInputs, err := marshalProperties(withDeclaredSecrets(r.spec.Properties, withSecrets(r.readInputs(read, inputs, forgot), secrets)))
	if err != nil {
		return nil, err
	}
	outs, err := r.outputs(read, secrets) // last: it changes read
	if err != nil {
		return nil, err
	}
	return &pulumirpc.ReadResponse{Id: string(id), Properties: outs, Inputs: newInputs}, nil
}

// Update changes the resource with the author's ops. The new struct starts with the old out values, so
// ops need to set only those that change; during a preview they are all assumed to stay. A change of an
// immutable property fails it, preview or not (see immutable.go), and so does any update of a resource
// that has none (see cannotUpdate).
func (r *Resource[T]) Update(ctx context.Context, req *pulumirpc.UpdateRequest) (*pulumirpc.UpdateResponse, error) {
	in, err := readRequest(false, req.GetOlds(), req.GetNews(), req.GetOldInputs())
	if err != nil {
		return nil, err
	}
	if err := r.refuseImmutableChanges(req); err != nil {
		return nil, err
	}
	if r.update == nil {
		return nil, r.cannotUpdate(resource.URN(req.GetUrn()))
	}
	olds, news := in.state, in.news
	// Inputs are secret as the program now says; outputs stay as secret as they were.
	secrets := secretKeys(news)
	for k := range secretKeys(olds) {
		if r.isOut(k) {
			secrets[k] = true
		}
	}
	if req.GetPreview() {
		outs, err := r.outputs(r.previewOutputs(news, olds), secrets)
		if err != nil {
			return nil, err
		}
		return &pulumirpc.UpdateResponse{Properties: outs}, nil
	}
	id := resource.ID(req.GetId())
	oldObj, newObj, err := r.decodeChange(in, id)
	if err != nil {
		return nil, err
	}
	ctx, c, cancel := begin(ctx, "update", string(r.spec.Type), resource.URN(req.GetUrn()), req.GetTimeout(), r.spec.Timeouts.Update,
		olds, news, in.oldInputs)
	defer cancel()
	opErr := r.update(ctx, id, oldObj, newObj)
	partial := errors.As(opErr, new(*PartialError))
	if opErr != nil && !partial {
		return nil, c.fail(ctx, opErr)
	}
	outs, err := r.outputs(r.spec.Marshal(newObj), secrets)
	if err != nil {
		return nil, err
	}
	if partial {
		return nil, c.partial(ctx, id, outs, opErr)
	}
	return &pulumirpc.UpdateResponse{Properties: outs}, nil
}

// Delete deletes the resource with the author's ops. A resource that is already gone is deleted, with a
// warning: the user learns that something else deleted it.
func (r *Resource[T]) Delete(ctx context.Context, req *pulumirpc.DeleteRequest) (*emptypb.Empty, error) {
	in, err := readRequest(false, req.GetProperties(), nil, req.GetOldInputs())
	if err != nil {
		return nil, err
	}
	id := resource.ID(req.GetId())
	obj, err := r.decodeState(r.withInputs(in.state, in.oldInputs), id)
	if err != nil {
		return nil, err
	}
	ctx, c, cancel := begin(ctx, "delete", string(r.spec.Type), resource.URN(req.GetUrn()), req.GetTimeout(), r.spec.Timeouts.Delete,
		in.state, in.oldInputs)
	defer cancel()
	switch err := r.ops.Delete(ctx, id, obj); {
	case errors.Is(err, ErrNotFound):
		Log(ctx).Warnf("%s was already gone (deleted outside of Pulumi?); it is removed from the stack", c.subject)
	case err != nil:
		return nil, c.fail(ctx, err)
	}
	return &emptypb.Empty{}, nil
}

// cannotUpdate is the error of an Update of a resource whose every input replaces it, whose ops have no
// Update. Its Diff never asks for one; the engine does, with the same inputs, to finish a resource that
// a Create made only in part (provider.Partial): it can only be replaced.
func (r *Resource[T]) cannotUpdate(urn resource.URN) error {
	return status.Errorf(codes.FailedPrecondition, "%s cannot be updated: every input of a %s replaces it, and nothing updates one in place "+
		"(was it created only in part? its Create failed after making it); replace it: pulumi up --replace %s",
		subject(string(r.spec.Type), urn), r.spec.Type.Name(), shellQuote(string(urn)))
}
