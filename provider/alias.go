package provider

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/sig"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/anypb"
	"google.golang.org/protobuf/types/known/structpb"
)

// Earlier tokens (the IDL's formerly=): a resource that moved to another module, or took another name,
// keeps the stacks that hold it under its earlier token. The TypeScript package gives the engine the
// earlier tokens as the resource's aliases, so that a program's next update finds the old state and
// moves it to the new URN; but until that update, and for a resource that no program declares any more,
// the engine still sends the earlier token: a refresh or a destroy before the update, the delete of a
// resource dropped from the program, a plugin replaced in place during development. The provider
// answers those calls (Read, Diff, Update, Delete) as the resource's own. A Check or a Create by an
// earlier token comes from a program written against a version before the move, which must not create
// new resources under a token the provider has left: it fails, saying so.
//
// Old state also refers to other resources by their URNs, which hold their type tokens: a subnet's
// state refers to its VPC by the VPC's URN as it was. Once the VPC moved, the program refers to it by
// its new URN, and the subnet's inputs would differ from its state in the reference alone, which
// replaces the subnet (its vpc replaces). So the provider reads a reference by an earlier token in old
// state and old inputs as the reference by the token now, before anything else reads them, and in what
// the ops return, so that the state the engine keeps converges on the tokens now.

// formerTokens is implemented by a ResourceProvider or FunctionProvider that answers earlier tokens.
type formerTokens interface {
	formerTypes() []tokens.Type
}

// formerTypes returns the resource's earlier type tokens.
func (r *Resource[T]) formerTypes() []tokens.Type { return r.spec.Formerly }

// formerTypes returns the function's earlier tokens.
func (f *Function[T]) formerTypes() []tokens.Type {
	ts := make([]tokens.Type, len(f.spec.Formerly))
	for i, t := range f.spec.Formerly {
		ts[i] = tokens.Type(t)
	}
	return ts
}

// formerly indexes what an instance serves under earlier tokens: each earlier token by the token now.
type formerly map[tokens.Type]tokens.Type

// add records the earlier tokens of what serves the token now, and fails for an earlier token that is
// served now, or that another declares too.
func (f formerly) add(name string, now tokens.Type, p any, served func(tokens.Type) bool) error {
	ft, ok := p.(formerTokens)
	if !ok {
		return nil
	}
	for _, t := range ft.formerTypes() {
		switch other, claimed := f[t]; {
		case served(t):
			return fmt.Errorf("provider %s: %s declares the earlier token %s, which is served now", name, now, t)
		case claimed:
			return fmt.Errorf("provider %s: %s and %s both declare the earlier token %s", name, other, now, t)
		}
		f[t] = now
	}
	return nil
}

// renamedResource returns the provider of the resource that had the type token t before, for a call
// that may use an earlier token, or a FailedPrecondition error for one that may not.
func (s *Server) renamedResource(sv *served, t tokens.Type, earlierOK bool) (ResourceProvider, error) {
	now, ok := sv.formerly[t]
	if !ok {
		return nil, status.Errorf(codes.InvalidArgument, "unknown resource type %s: provider %s has no such resource", t, s.info.Name)
	}
	if !earlierOK {
		return nil, status.Errorf(codes.FailedPrecondition,
			"%s is the earlier token of %s: this version of provider %s only reads, updates and deletes resources by it; the program uses a version of the package from before the change, so upgrade it",
			t, now, s.info.Name)
	}
	return sv.resources[now], nil
}

// rewriteURN returns urn with each earlier token in its type (its own, or its parents') replaced by the
// token now; urn itself when it holds none.
func (f formerly) rewriteURN(urn string) string {
	if len(f) == 0 || !strings.Contains(urn, "::") {
		return urn
	}
	u, err := resource.ParseURN(urn)
	if err != nil {
		return urn
	}
	parts := strings.Split(string(u.QualifiedType()), "$")
	changed := false
	for i, p := range parts {
		if now, ok := f[tokens.Type(p)]; ok {
			parts[i], changed = string(now), true
		}
	}
	if !changed {
		return urn
	}
	base := tokens.Type(parts[len(parts)-1])
	parent := tokens.Type(strings.Join(parts[:len(parts)-1], "$"))
	return string(resource.NewURN(u.Stack(), u.Project(), parent, base, u.Name()))
}

// rewriteRefs replaces, in place, the earlier tokens in the URNs of the resource references that s
// holds, at any depth (inside secrets, arrays and objects).
func (f formerly) rewriteRefs(s *structpb.Struct) {
	if len(f) == 0 || s == nil {
		return
	}
	if s.Fields[sig.Key].GetStringValue() == sig.ResourceReference {
		// The URN, and the type beside it that the SDK adds.
		if u := s.Fields["urn"]; u != nil {
			if now := f.rewriteURN(u.GetStringValue()); now != u.GetStringValue() {
				s.Fields["urn"] = structpb.NewStringValue(now)
			}
		}
		if t := s.Fields["type"]; t != nil {
			if now, ok := f[tokens.Type(t.GetStringValue())]; ok {
				s.Fields["type"] = structpb.NewStringValue(string(now))
			}
		}
		return
	}
	for _, v := range s.Fields {
		f.rewriteValue(v)
	}
}

func (f formerly) rewriteValue(v *structpb.Value) {
	switch k := v.GetKind().(type) {
	case *structpb.Value_StructValue:
		f.rewriteRefs(k.StructValue)
	case *structpb.Value_ListValue:
		for _, e := range k.ListValue.GetValues() {
			f.rewriteValue(e)
		}
	}
}

// rewriteRequest reads the earlier tokens in the old state and old inputs of a request that may come by
// an earlier token (Read, Diff, Update, Delete) as the tokens now, its own URN included, and reports
// whether it may come so.
func (f formerly) rewriteRequest(req any) (earlierOK bool) {
	urn, state, inputs, ok := oldMaps(req)
	if ok {
		*urn = f.rewriteURN(*urn)
		f.rewriteRefs(*state)
		f.rewriteRefs(*inputs)
	}
	return ok
}

// rewriteResponse reads the earlier tokens in what a response gives the engine to keep (outputs, and
// the inputs Read derives) as the tokens now: ops that read a reference back from the cloud, or keep it
// from old state, may hold an earlier one, and the engine knows the resource by its URN now.
func (f formerly) rewriteResponse(resp any) {
	if len(f) == 0 {
		return
	}
	for _, m := range keptMaps(resp) {
		f.rewriteRefs(m)
	}
}

// oldMaps returns, for a request that carries a resource's old state and old inputs (Read, Diff,
// Update, Delete), where its URN and those two are; ok is false for any other request.
func oldMaps(req any) (urn *string, state, inputs **structpb.Struct, ok bool) {
	switch r := req.(type) {
	case *pulumirpc.ReadRequest:
		return &r.Urn, &r.Properties, &r.Inputs, true
	case *pulumirpc.DiffRequest:
		return &r.Urn, &r.Olds, &r.OldInputs, true
	case *pulumirpc.UpdateRequest:
		return &r.Urn, &r.Olds, &r.OldInputs, true
	case *pulumirpc.DeleteRequest:
		return &r.Urn, &r.Properties, &r.OldInputs, true
	}
	return nil, nil, nil, false
}

// keptMaps returns what a response gives the engine to keep with the resource: the checked inputs, the
// outputs of Create, Read and Update, and Read's inputs; those that are nil (a resource Read found gone)
// are left out. A partial Create's or Update's error (ErrorResourceInitFailed, see keptOnFailure)
// carries outputs that the engine keeps too.
func keptMaps(resp any) []*structpb.Struct {
	var maps []*structpb.Struct
	switch r := resp.(type) {
	case *pulumirpc.CheckResponse:
		maps = []*structpb.Struct{r.Inputs}
	case *pulumirpc.CreateResponse:
		maps = []*structpb.Struct{r.Properties}
	case *pulumirpc.ReadResponse:
		maps = []*structpb.Struct{r.Properties, r.Inputs}
	case *pulumirpc.UpdateResponse:
		maps = []*structpb.Struct{r.Properties}
	case *pulumirpc.ErrorResourceInitFailed:
		maps = []*structpb.Struct{r.Properties, r.Inputs}
	}
	return slices.DeleteFunc(maps, func(m *structpb.Struct) bool { return m == nil })
}

// keptOnFailure returns err with fix applied to the state it carries for the engine to keep: the
// ErrorResourceInitFailed detail of a partial Create or Update (operation.go), whose outputs are state
// as a response's are, and so are stamped with the state version and rewritten as a response is. Any
// other error is returned as it is.
func keptOnFailure(err error, fix func(any)) error {
	st, ok := status.FromError(err)
	if !ok {
		return err
	}
	p := st.Proto()
	found := false
	for i, detail := range p.GetDetails() {
		var f pulumirpc.ErrorResourceInitFailed
		if !detail.MessageIs(&f) || detail.UnmarshalTo(&f) != nil {
			continue
		}
		fix(&f)
		if fixed, err := anypb.New(&f); err == nil {
			p.Details[i], found = fixed, true
		}
	}
	if !found {
		return err
	}
	return status.FromProto(p).Err()
}
