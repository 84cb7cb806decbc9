package provider

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/structpb"
)

// State migrations. A resource's state (its outputs) and the inputs the engine recorded for it outlive
// the provider version that wrote them: a stack updated a year ago holds what that version wrote. When
// a version changes the shape of what it stores (a property's type, an enum value, a wire name, a value
// moved into a struct), the state of existing stacks no longer decodes, and every read, update and
// delete of those resources would fail. The IDL then raises the resource's state version
// (stateVersion=N on its marker), and the ops convert each earlier version's state (MigrateFrom<V>).
//
// Every state and every recorded inputs of a resource with a state version carry it, under the key
// __stateVersion (Pulumi leaves keys that start with __ to providers and hides them from programs); a
// state without one is of version 0, written before the resource declared any. Where state or old
// inputs reach the provider (Read, Diff, Update and Delete), a map of an earlier version is migrated
// before anything reads it: decoded as far as it decodes into the current marshaling struct, given to
// the migration of its version with the map itself, encoded again, checked to decode, and stamped with
// the current version. A map of a later version (a stack that a newer provider wrote, read by an older
// one) fails, naming the versions, instead of being misread. What the provider returns is stamped with
// its version: the checked inputs, the outputs of Create, Read and Update, and Read's inputs.
//
// Each migration goes straight to the current version, as Terraform's state upgraders do, rather than
// to the next one: the current marshaling struct is the only typed shape the stubs have, so that is
// what a migration fills in, and a later version that changes the struct again makes the compiler
// point at every migration that sets what changed.
//
// Why a version in the state, rather than trying each migration until one decodes (pulumi-go-provider's
// infer does): a state of an old shape may decode as the new one and mean something else (a size in GiB
// that became MiB, a value that moved to another property while the old key lingers, which decoding
// ignores), and an error can then say which version wrote what it cannot read.

// stateVersionKey is the key of a state's version in the state and in the recorded inputs.
const stateVersionKey resource.PropertyKey = "__stateVersion"

// Migration converts a resource's state, or the inputs the engine recorded for it, of an earlier state
// version to the resource's current one. obj starts with every property of old that still decodes as
// the current version's (those that do not are zero); the migration sets the rest from old. Generated
// stubs declare one ops method per earlier version, MigrateFrom<V>, with this signature.
type Migration[T any] func(ctx context.Context, old OldState, obj *T) error

// OldState is a resource's state, or the inputs the engine recorded for it, as a provider of an earlier
// state version wrote it: what a Migration reads. Values are plain: secrets are unwrapped, and the
// runtime makes secret again what came from a secret.
type OldState struct {
	version int
	inputs  bool
	urn     resource.URN
	m       resource.PropertyMap
	// undecodable are the properties of m that do not decode as the current version's, with why; the
	// migration sets them, or drops them (Drop), and dropped records which it dropped.
	undecodable map[resource.PropertyKey]string
	dropped     map[resource.PropertyKey]bool
}

// Version is the state version that wrote the state: 0 for a provider from before the resource had one.
func (s OldState) Version() int { return s.version }

// Inputs reports whether these are the inputs the engine recorded for the resource (the program's,
// checked), which hold no out property, rather than its state (its outputs), which holds no in
// property. A migration converts both, one at a time.
func (s OldState) Inputs() bool { return s.inputs }

// URN is the resource's URN.
func (s OldState) URN() resource.URN { return s.urn }

// Keys returns the keys of the old state, sorted.
func (s OldState) Keys() []string {
	keys := make([]string, 0, len(s.m))
	for k := range s.m {
		if k != stateVersionKey {
			keys = append(keys, string(k))
		}
	}
	slices.Sort(keys)
	return keys
}

// Undecodable returns the properties of the old state that do not decode as this version's, sorted:
// obj holds their zero values, and the migration must set each of them from the old state, or drop it
// (Drop). A migration that leaves one as it found it fails, rather than store a zero value in its place.
func (s OldState) Undecodable() []string {
	keys := make([]string, 0, len(s.undecodable))
	for k := range s.undecodable {
		keys = append(keys, string(k))
	}
	slices.Sort(keys)
	return keys
}

// Drop says that the migration leaves the property key out of the migrated state on purpose: its old
// value has no place in this version.
func (s OldState) Drop(key string) { s.dropped[resource.PropertyKey(key)] = true }

// Value returns the value of key, and whether the old state has one.
func (s OldState) Value(key string) (resource.PropertyValue, bool) {
	v, ok := s.m[resource.PropertyKey(key)]
	return v, ok && !v.IsNull()
}

// String returns the value of key if it is a string.
func (s OldState) String(key string) (string, bool) {
	v, ok := s.Value(key)
	if !ok || !v.IsString() {
		return "", false
	}
	return v.StringValue(), true
}

// Number returns the value of key if it is a number.
func (s OldState) Number(key string) (float64, bool) {
	v, ok := s.Value(key)
	if !ok || !v.IsNumber() {
		return 0, false
	}
	return v.NumberValue(), true
}

// Bool returns the value of key if it is a bool.
func (s OldState) Bool(key string) (bool, bool) {
	v, ok := s.Value(key)
	if !ok || !v.IsBool() {
		return false, false
	}
	return v.BoolValue(), true
}

// Object returns the value of key if it is an object.
func (s OldState) Object(key string) (resource.PropertyMap, bool) {
	v, ok := s.Value(key)
	if !ok || !v.IsObject() {
		return nil, false
	}
	return v.ObjectValue(), true
}

// migrateRequest migrates, in place, the old state and old inputs of a request that carries them (Read,
// Diff, Update, Delete) to the resource's state version.
func (r *Resource[T]) migrateRequest(ctx context.Context, req any) error {
	urn, state, inputs, ok := oldMaps(req)
	if !ok {
		return nil
	}
	var err error
	if *state, err = r.migrateStruct(ctx, resource.URN(*urn), *state, false); err != nil {
		return err
	}
	*inputs, err = r.migrateStruct(ctx, resource.URN(*urn), *inputs, true)
	return err
}

// migrateStruct returns s migrated to the resource's state version: s itself when it is of that version
// already, or empty (an import's state, which holds nothing yet).
func (r *Resource[T]) migrateStruct(ctx context.Context, urn resource.URN, s *structpb.Struct, inputs bool) (*structpb.Struct, error) {
	if len(s.GetFields()) == 0 {
		return s, nil
	}
	version, err := r.versionOf(urn, s.Fields[string(stateVersionKey)])
	if err != nil || version == r.spec.StateVersion {
		return s, err
	}
	what := whatOf(inputs)
	m, err := unmarshalProperties(s, false)
	if err != nil {
		return nil, status.Errorf(codes.InvalidArgument, "%s: %v", what, err)
	}
	migrated, err := r.migrate(ctx, urn, version, m, inputs)
	if err != nil {
		return nil, err
	}
	return marshalProperties(migrated)
}

// versionOf reads the state version of a state or inputs from its stamp: 0 without one. A version the
// resource does not have yet (a newer provider wrote it) is an error.
func (r *Resource[T]) versionOf(urn resource.URN, stamp *structpb.Value) (int, error) {
	if stamp == nil {
		return 0, nil
	}
	n := stamp.GetNumberValue()
	if _, isNumber := stamp.GetKind().(*structpb.Value_NumberValue); !isNumber || n != float64(int(n)) || n < 0 {
		return 0, status.Errorf(codes.InvalidArgument, "%s %s: its state's %s is %v, not a state version", r.spec.Type, urn.Name(), stateVersionKey, stamp.AsInterface())
	}
	if v := int(n); v > r.spec.StateVersion {
		return 0, status.Errorf(codes.FailedPrecondition,
			"%s %s: its state was written by state version %d of %s, and this provider knows versions up to %d: a newer version of the provider wrote it, so use that one (or a newer one)",
			r.spec.Type, urn.Name(), v, r.spec.Type.Name(), r.spec.StateVersion)
	}
	return int(n), nil
}

// migrate converts m, a state or old inputs of an earlier version, with that version's migration, and
// checks that the result decodes as the current version.
func (r *Resource[T]) migrate(ctx context.Context, urn resource.URN, version int, m resource.PropertyMap, inputs bool) (resource.PropertyMap, error) {
	what := whatOf(inputs)
	if version >= len(r.spec.Migrations) || r.spec.Migrations[version] == nil {
		return nil, status.Errorf(codes.FailedPrecondition, "%s %s: its %s are of state version %d, and the provider has no migration from it",
			r.spec.Type, urn.Name(), what, version)
	}
	// Decoded leniently: what does not decode stays zero, and the migration is told which it is.
	lenient := NewDecoder(State)
	obj := r.decode(lenient, m)
	old := OldState{version: version, inputs: inputs, urn: urn, m: plainCopy(m),
		undecodable: map[resource.PropertyKey]string{}, dropped: map[resource.PropertyKey]bool{}}
	for _, f := range lenient.Failures() {
		if k := topKey(f.Property); old.undecodable[k] == "" {
			old.undecodable[k] = f.Property + ": " + f.Reason
		}
	}
	before := r.spec.Marshal(obj)
	if err := r.spec.Migrations[version](ctx, old, obj); err != nil {
		return nil, fmt.Errorf("%s %s: migrating its %s from state version %d: %w", r.spec.Type, urn.Name(), what, version, err)
	}
	out := r.spec.Marshal(obj)
	for _, k := range old.Undecodable() {
		key := resource.PropertyKey(k)
		b, hadBefore := before[key]
		a, hasAfter := out[key]
		if !old.dropped[key] && hadBefore == hasAfter && (!hadBefore || b.DeepEquals(a)) {
			return nil, status.Errorf(codes.FailedPrecondition,
				"%s %s: MigrateFrom%d left %s as it found it, but its old value, of state version %d, does not decode as this version's (%s): set it from old, or drop it (old.Drop)",
				r.spec.Type, urn.Name(), version, k, version, old.undecodable[key])
		}
	}
	for k := range old.dropped {
		delete(out, k)
	}
	for _, p := range r.spec.Properties {
		if inputs && p.Out || !inputs && p.In {
			delete(out, p.Key)
		}
	}
	d := NewDecoder(State)
	r.decode(d, out)
	if err := d.Err(); err != nil {
		return nil, status.Errorf(codes.InvalidArgument,
			"%s %s: MigrateFrom%d converted its %s, of state version %d, into values that do not decode: %v; the migration must set what changed shape",
			r.spec.Type, urn.Name(), version, what, version, failureText(err))
	}
	withDeclaredSecrets(r.spec.Properties, withSecrets(out, migratedSecrets(m, out)))
	out[stateVersionKey] = resource.NewProperty(float64(r.spec.StateVersion))
	return out, nil
}

// migratedSecrets returns the keys of out to make secret: those that held a secret in m, and, when a
// key that held a secret in m is gone from out (renamed, or moved into another property), every key
// that m did not have, since the secret may be there now.
func migratedSecrets(m, out resource.PropertyMap) map[resource.PropertyKey]bool {
	secrets := secretKeys(m)
	moved := false
	for k := range secrets {
		if _, ok := out[k]; !ok {
			moved = true
		}
	}
	if moved {
		for k := range out {
			if _, ok := m[k]; !ok {
				secrets[k] = true
			}
		}
	}
	return secrets
}

// plainCopy returns m with its secrets unwrapped, at any depth.
func plainCopy(m resource.PropertyMap) resource.PropertyMap {
	out := make(resource.PropertyMap, len(m))
	for k, v := range m {
		out[k] = plainValue(v)
	}
	return out
}

func plainValue(v resource.PropertyValue) resource.PropertyValue {
	switch {
	case v.IsSecret():
		return plainValue(v.SecretValue().Element)
	case v.IsArray():
		elems := make([]resource.PropertyValue, len(v.ArrayValue()))
		for i, e := range v.ArrayValue() {
			elems[i] = plainValue(e)
		}
		return resource.NewProperty(elems)
	case v.IsObject():
		return resource.NewProperty(plainCopy(v.ObjectValue()))
	}
	return v
}

// stampResponse stamps what a response gives the engine to keep with the resource's state version.
func (r *Resource[T]) stampResponse(resp any) {
	if r.spec.StateVersion == 0 {
		return
	}
	for _, m := range keptMaps(resp) {
		if m.Fields == nil {
			m.Fields = map[string]*structpb.Value{}
		}
		m.Fields[string(stateVersionKey)] = structpb.NewNumberValue(float64(r.spec.StateVersion))
	}
}

// undecodable is the error of a state that does not decode as the resource's current version, although
// no migration applied (it is of the current version): its shape changed without a new state version,
// or another program wrote it.
func (r *Resource[T]) undecodable(m resource.PropertyMap, id resource.ID, err error) error {
	version := 0
	if v, ok := m[stateVersionKey]; ok && v.IsNumber() {
		version = int(v.NumberValue())
	}
	subject := string(r.spec.Type)
	if id != "" {
		subject += " " + string(id)
	}
	marker := "idl.Resource"
	if r.spec.Named {
		marker = "idl.NamedResource"
	}
	hint := fmt.Sprintf("if the IDL changed the shape of what %s stores, raise its stateVersion to %d (on its %s marker) and convert the old state in the ops' MigrateFrom%d",
		r.spec.Type.Name(), r.spec.StateVersion+1, marker, r.spec.StateVersion)
	return status.Errorf(codes.InvalidArgument, "%s: its state, of state version %d, does not decode: %v; %s", subject, version, failureText(err), hint)
}

// failureText writes the failures of a decode without the count CheckError.Error puts first.
func failureText(err error) string {
	if ce, ok := err.(*CheckError); ok {
		parts := make([]string, len(ce.Failures))
		for i, f := range ce.Failures {
			parts[i] = f.Property + ": " + f.Reason
		}
		return strings.Join(parts, "; ")
	}
	return err.Error()
}

func whatOf(inputs bool) string {
	if inputs {
		return "old inputs"
	}
	return "state"
}

// topKey returns the top-level property of a failure's path: `size` of `size`, `ingress` of
// `ingress[0].fromPort`, `a b` of `["a b"].c`.
func topKey(path string) resource.PropertyKey {
	if p, err := resource.ParsePropertyPath(path); err == nil && len(p) > 0 {
		if k, ok := p[0].(string); ok {
			return resource.PropertyKey(k)
		}
	}
	if i := strings.IndexAny(path, ".["); i > 0 {
		return resource.PropertyKey(path[:i])
	}
	return resource.PropertyKey(path)
}
