package provider

import (
	"context"
	"slices"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// Diff compares the new inputs with the old ones, property by property. A changed `replaces` property
// replaces the resource; then the author's diff hook, if any, has its say. A replacement of a named
// resource that keeps its name deletes the old resource first (naming.go).
func (r *Resource[T]) Diff(ctx context.Context, req *pulumirpc.DiffRequest) (*pulumirpc.DiffResponse, error) {
	// Whether a value is secret is no difference to report: the engine tracks secrecy itself.
	in, err := readRequest(true, req.GetOlds(), req.GetNews(), req.GetOldInputs())
	if err != nil {
		return nil, err
	}
	// Inputs are compared with inputs; engines too old to send them get the outputs, which hold the
	// inputs too, except `in` properties.
	before := in.state
	if req.GetOldInputs() != nil {
		before = in.oldInputs
	}
	diff := r.compare(before, in.news, req.GetIgnoreChanges())
	// A replacement that keeps the name deletes first: the cloud holds one object of a name. The hook,
	// which knows the cloud, has the last word.
	diff.DeleteBeforeReplace = r.spec.Named && keepsName(before, in.news)
	if len(diff.Changed) > 0 && r.hooks.Diff != nil {
		id := resource.ID(req.GetId())
		oldObj, newObj, err := r.decodeChange(in, id)
		if err != nil {
			return nil, err
		}
		// The maps were read plain, so that a value made secret is no change: the secrets again, to hide.
		secret, err := readRequest(false, req.GetOlds(), req.GetNews(), req.GetOldInputs())
		if err != nil {
			return nil, err
		}
		ctx, c, cancel := begin(ctx, "diff", string(r.spec.Type), resource.URN(req.GetUrn()), 0, 0, secret.state, secret.news, secret.oldInputs)
		defer cancel()
		if err := r.hooks.Diff(ctx, id, oldObj, newObj, &diff); err != nil {
			return nil, c.fail(ctx, err)
		}
	}
	return diffResponse(&diff, before, in.news), nil
}

// compare lists the input properties whose values differ.
func (r *Resource[T]) compare(olds, news resource.PropertyMap, ignore []string) Diff {
	var inputs []resource.PropertyKey
	replaces := map[resource.PropertyKey]bool{}
	for _, p := range r.spec.Properties {
		if !p.Out {
			inputs = append(inputs, p.Key)
			replaces[p.Key] = p.Replaces
		}
	}
	return compareProperties(inputs, func(k resource.PropertyKey) bool { return replaces[k] }, olds, news, ignore)
}

// compareProperties lists the properties among keys whose values differ between olds and news, in the
// order of keys, except those that ignore names; replaces says which of them replace what they belong
// to when they change. A value that is not known yet may turn out to be anything, so it counts as a
// change.
func compareProperties(keys []resource.PropertyKey, replaces func(resource.PropertyKey) bool, olds, news resource.PropertyMap, ignore []string) Diff {
	var diff Diff
	for _, k := range keys {
		if slices.Contains(ignore, string(k)) {
			continue
		}
		o, hadOld := olds[k]
		n, hasNew := news[k]
		unknown := hasNew && n.ContainsUnknowns()
		if hadOld == hasNew && !unknown && (!hadOld || o.DeepEquals(n)) {
			continue
		}
		diff.Changed = append(diff.Changed, k)
		if unknown {
			diff.Unknown = append(diff.Unknown, k)
		}
		if replaces(k) {
			diff.Replaces = append(diff.Replaces, k)
		}
	}
	return diff
}

func diffResponse(diff *Diff, olds, news resource.PropertyMap) *pulumirpc.DiffResponse {
	resp := &pulumirpc.DiffResponse{
		Changes:             pulumirpc.DiffResponse_DIFF_NONE,
		DeleteBeforeReplace: diff.DeleteBeforeReplace && len(diff.Replaces) > 0,
		DetailedDiff:        map[string]*pulumirpc.PropertyDiff{},
		HasDetailedDiff:     true,
	}
	// A hook may replace on a property that did not change by itself: it is part of the diff too.
	changed := slices.Clone(diff.Changed)
	for _, k := range diff.Replaces {
		if !slices.Contains(changed, k) {
			changed = append(changed, k)
		}
	}
	for _, k := range changed {
		_, hadOld := olds[k]
		_, hasNew := news[k]
		replaces := slices.Contains(diff.Replaces, k)
		kind := pulumirpc.PropertyDiff_UPDATE
		switch {
		case !hadOld && hasNew && replaces:
			kind = pulumirpc.PropertyDiff_ADD_REPLACE
		case !hadOld && hasNew:
			kind = pulumirpc.PropertyDiff_ADD
		case hadOld && !hasNew && replaces:
			kind = pulumirpc.PropertyDiff_DELETE_REPLACE
		case hadOld && !hasNew:
			kind = pulumirpc.PropertyDiff_DELETE
		case replaces:
			kind = pulumirpc.PropertyDiff_UPDATE_REPLACE
		}
		if replaces {
			resp.Replaces = append(resp.Replaces, string(k))
		}
		resp.Diffs = append(resp.Diffs, string(k))
		resp.DetailedDiff[string(k)] = &pulumirpc.PropertyDiff{Kind: kind, InputDiff: true}
	}
	if len(changed) > 0 {
		resp.Changes = pulumirpc.DiffResponse_DIFF_SOME
	}
	return resp
}
