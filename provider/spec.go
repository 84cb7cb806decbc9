package provider

import (
	"context"
	"errors"
	"slices"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
)

// Spec describes a resource type to the engine: generated code declares one per resource, T being the
// resource's marshaling struct.
type Spec[T any] struct {
	// Type is the resource's type token.
	Type tokens.Type
	// Named resources have a `name` property that the program may leave out: Check then makes one, as
	// Naming says (naming.go).
	Named  bool
	Naming Naming
	// Properties are the resource's properties in declaration order, except an out property named id:
	// that one is the resource ID, set with SetID, never a property on the wire.
	Properties []Property
	// Unmarshal reads every property from an open object into obj.
	Unmarshal func(obj *T, o Object)
	// Marshal writes every property that is set; an absent optional property is absent from the map.
	Marshal func(obj *T) resource.PropertyMap
	// SetID stores the resource ID in obj's id property; nil for a resource without one.
	SetID func(obj *T, id resource.ID)
	// Timeouts are the resource's default timeouts, for the operations that the program gives none.
	Timeouts Timeouts

	// Formerly are the type tokens the resource had in earlier versions (the IDL's formerly=): the
	// provider answers Read, Diff, Update and Delete for them, and reads a reference to a resource by one
	// of them in old state as a reference by Type (see alias.go).
	Formerly []tokens.Type
	// StateVersion is the version of the shape of the resource's state (the IDL's stateVersion=), 0 for
	// a resource that declares none. Migrations[v] converts a state, or old inputs, of version v; there
	// is one for every version below StateVersion (see migrate.go).
	StateVersion int
	Migrations   []Migration[T]
}

// Property is what the engine needs to know about one property beyond its type.
type Property struct {
	Key resource.PropertyKey
	// Out properties are set by the provider; programs may not set them.
	Out bool
	// In properties are write-only inputs: the provider never returns them, since the service never does
	// (a password it keeps as a hash). Read keeps the value the program gave, and Check does not ask an
	// imported resource for one (naming.go says more).
	In bool
	// Replaces properties replace the resource when they change.
	Replaces bool
	// Immutable properties never change once the resource exists: an update that would change one fails,
	// in the preview already, before the ops see it. A replacement (asked for, or caused by a Replaces
	// property or the Diff hook) creates the new resource with the new value.
	Immutable bool
	// Secret properties are secrets on the wire: in the checked inputs, in the outputs and in what Read
	// returns, whether or not the program made them secret.
	Secret bool
	// Default is the value an input takes when the program leaves it out (the IDL's default=), or null
	// (the zero value) when it has none. Check fills it in, so that the engine records it as an input; ops
	// always see it.
	Default resource.PropertyValue
}

// Ops is what a provider author implements for a resource whose marshaling struct is T, with Updater
// unless every input of the resource replaces it (or is immutable): then every change replaces it, and
// it has no Update. Generated code declares the same methods, with their documentation, as
// TProviderOps.
type Ops[T any] interface {
	Create(ctx context.Context, urn resource.URN, obj *T) (resource.ID, error)
	Read(ctx context.Context, id resource.ID, obj *T) error
	Delete(ctx context.Context, id resource.ID, obj *T) error
}

// Updater is the Update of the ops of a resource that a change can update in place.
type Updater[T any] interface {
	Update(ctx context.Context, id resource.ID, olds, news *T) error
}

// updatesInPlace reports whether a change of the resource's inputs can update it in place: whether an
// input neither replaces it nor is immutable (the rule of the model's Resource.UpdatesInPlace, which
// decides whether the stubs ask the ops for an Update).
func (s *Spec[T]) updatesInPlace() bool {
	return slices.ContainsFunc(s.Properties, func(p Property) bool { return !p.Out && !p.Replaces && !p.Immutable })
}

// Hooks are the optional parts of an author's ops: generated constructors fill them in when the ops
// implement TChecker or TDiffer.
type Hooks[T any] struct {
	// Check adds failures of its own to those of the IDL's rules. It sees only inputs that passed those
	// rules and are fully known, so it never has to second-guess a zero value.
	Check func(ctx context.Context, urn resource.URN, obj *T) ([]CheckFailure, error)
	// Diff may decide that more changes replace the resource. It is called only when something changed.
	Diff func(ctx context.Context, id resource.ID, olds, news *T, diff *Diff) error
}

// ErrNotFound is what Read returns when the resource no longer exists: the engine then drops it from
// its state. Delete treats it as success.
var ErrNotFound = errors.New("resource not found")

// Diff is the difference between a resource's old and new inputs, as a diff hook sees and amends it.
type Diff struct {
	// Changed are the input properties whose values changed, in declaration order.
	Changed []resource.PropertyKey
	// Unknown are the changed properties whose new values are not known yet (during a preview); in the
	// new struct they hold zero values.
	Unknown []resource.PropertyKey
	// Replaces are the properties whose change replaces the resource: every changed property declared
	// `replaces`, and whatever a hook adds with Replace.
	Replaces []resource.PropertyKey
	// DeleteBeforeReplace deletes the old resource before its replacement is created, for resources
	// whose identity (a unique name) the two would otherwise both claim. The runtime sets it for a named
	// resource whose replacement keeps the name (the program's, or a verbatim one); a hook that knows
	// better (a name unique only in a scope that the replacement leaves) may clear it.
	DeleteBeforeReplace bool
}

// HasChanged reports whether the property key changed.
func (d *Diff) HasChanged(key resource.PropertyKey) bool { return slices.Contains(d.Changed, key) }

// Replace makes a change of the property key replace the resource.
func (d *Diff) Replace(key resource.PropertyKey) {
	if !slices.Contains(d.Replaces, key) {
		d.Replaces = append(d.Replaces, key)
	}
}
