package typescript

import (
	"fmt"

	"github.com/cidlc/cidlc/idl/model"
)

// Every IDL type has two TypeScript shapes:
//
//   - the output shape, what a program reads: `string`, `SecurityGroupRule[]`, `VPC`;
//   - the input shape, what a program may pass: the same, with pulumi.Input wherever a value may be
//     an output of another resource (`pulumi.Input<pulumi.Input<SecurityGroupRuleArgs>[]>`), and the
//     `…Args` interface of a struct (or alias) in place of the struct.

// outputType returns the output shape of t.
func (g *fileGen) outputType(t *model.Type) string {
	switch t.Kind {
	case model.Array:
		return g.outputType(t.Elem) + "[]"
	case model.Map:
		return g.mapType(t, g.outputType(t.Elem))
	case model.StructRef:
		return g.declName(&t.Struct.Decl, "")
	case model.AliasRef:
		return g.declName(&t.Alias.Decl, "")
	}
	return g.commonType(t)
}

// inputType returns the input shape of t as a property type: pulumi.Input<…>.
func (g *fileGen) inputType(t *model.Type) string {
	return g.scope.Pulumi() + ".Input<" + g.inputValue(t) + ">"
}

// inputValue returns the input shape of t without the outer pulumi.Input.
func (g *fileGen) inputValue(t *model.Type) string {
	switch t.Kind {
	case model.Array:
		return g.inputType(t.Elem) + "[]"
	case model.Map:
		return g.mapType(t, g.inputType(t.Elem))
	case model.StructRef:
		return g.declName(&t.Struct.Decl, argsSuffix)
	case model.AliasRef:
		if hasInputShape(t.Alias.Type) {
			return g.declName(&t.Alias.Decl, argsSuffix)
		}
		return g.declName(&t.Alias.Decl, "")
	}
	return g.commonType(t)
}

// commonType returns the types that look the same as inputs and outputs.
func (g *fileGen) commonType(t *model.Type) string {
	switch t.Kind {
	case model.Bool:
		return "boolean"
	case model.Number, model.Integer:
		return "number"
	case model.String:
		return "string"
	case model.Any:
		return "any"
	case model.Asset:
		return g.scope.Pulumi() + ".asset.Asset"
	case model.Archive:
		return g.scope.Pulumi() + ".asset.Archive"
	case model.AnyResource:
		// On the wire a reference is a URN and an ID: only custom resources have both.
		return g.scope.Pulumi() + ".CustomResource"
	case model.Capability:
		if t.Via != nil {
			return g.declName(&t.Via.Decl, "") // the resource alias the IDL wrote: the same class
		}
		return g.declName(&t.Resource.Decl, "")
	case model.EnumRef:
		return g.declName(&t.Enum.Decl, "")
	}
	// The loader only builds the kinds above; a new kind must be taught to this backend.
	panic(fmt.Sprintf("typescript: unexpected type kind %q", t.Kind))
}

// mapType returns a map with the given value type. A map keyed by an enum is a mapped type over the
// enum's values, so that the compiler checks the keys; any other key is a string.
func (g *fileGen) mapType(t *model.Type, value string) string {
	if t.Key != nil && t.Key.Kind == model.EnumRef {
		return "{ [key in " + g.declName(&t.Key.Enum.Decl, "") + "]?: " + value + " }"
	}
	return "{ [key: string]: " + value + " }"
}

// hasInputShape reports whether the input shape of t differs from its output shape, other than by the
// outer pulumi.Input: whether an alias of t needs an `…Args` twin.
func hasInputShape(t *model.Type) bool {
	switch t.Kind {
	case model.Array, model.Map, model.StructRef:
		return true
	case model.AliasRef:
		return hasInputShape(t.Alias.Type)
	}
	return false
}

// declName returns the local name of the declaration d, or of its twin with the given suffix (Args,
// State), importing it if it lives in another file.
func (g *fileGen) declName(d *model.Decl, suffix string) string {
	return g.scope.Name(tsPath(d.File), g.names.exportName(d, suffix))
}

// holdsResource reports whether a value of type t can hold one of the package's resources: a capability,
// directly or in an array, map, struct or alias. seen guards against recursive structs.
func holdsResource(t *model.Type, seen map[*model.Struct]bool) bool {
	switch t.Kind {
	case model.Capability:
		return true
	case model.Array, model.Map:
		return holdsResource(t.Elem, seen)
	case model.AliasRef:
		return holdsResource(t.Alias.Type, seen)
	case model.StructRef:
		if seen[t.Struct] {
			return false
		}
		seen[t.Struct] = true
		for _, p := range t.Struct.Properties {
			if holdsResource(p.Type, seen) {
				return true
			}
		}
	}
	return false
}
