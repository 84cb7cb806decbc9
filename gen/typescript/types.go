package typescript

import (
	"fmt"

	"github.com/cidlc/cidlc/idl/schema"
)

// Every IDL type has two TypeScript shapes:
//
//   - the output shape, what a program reads: `string`, `SecurityGroupRule[]`, `VPC`;
//   - the input shape, what a program may pass: the same, with pulumi.Input wherever a value may be
//     an output of another resource (`pulumi.Input<pulumi.Input<SecurityGroupRuleArgs>[]>`), and the
//     `…Args` interface of a struct (or alias) in place of the struct.

// outputType returns the output shape of t.
func (g *fileGen) outputType(t *schema.Type) string {
	switch t.Kind {
	case schema.Array:
		return g.outputType(t.Elem) + "[]"
	case schema.Map:
		return g.mapType(t, g.outputType(t.Elem))
	case schema.StructRef:
		return g.declName(&t.Struct.Decl, "")
	case schema.AliasRef:
		return g.declName(&t.Alias.Decl, "")
	}
	return g.commonType(t)
}

// inputType returns the input shape of t as a property type: pulumi.Input<…>.
func (g *fileGen) inputType(t *schema.Type) string {
	return g.scope.Pulumi() + ".Input<" + g.inputValue(t) + ">"
}

// inputValue returns the input shape of t without the outer pulumi.Input.
func (g *fileGen) inputValue(t *schema.Type) string {
	switch t.Kind {
	case schema.Array:
		return g.inputType(t.Elem) + "[]"
	case schema.Map:
		return g.mapType(t, g.inputType(t.Elem))
	case schema.StructRef:
		return g.declName(&t.Struct.Decl, argsSuffix)
	case schema.AliasRef:
		if hasInputShape(t.Alias.Type) {
			return g.declName(&t.Alias.Decl, argsSuffix)
		}
		return g.declName(&t.Alias.Decl, "")
	}
	return g.commonType(t)
}

// commonType returns the types that look the same as inputs and outputs.
func (g *fileGen) commonType(t *schema.Type) string {
	switch t.Kind {
	case schema.Bool:
		return "boolean"
	case schema.Number:
		return "number"
	case schema.String:
		return "string"
	case schema.Any:
		return "any"
	case schema.Asset:
		return g.scope.Pulumi() + ".asset.Asset"
	case schema.Archive:
		return g.scope.Pulumi() + ".asset.Archive"
	case schema.AnyResource:
		// On the wire a reference is a URN and an ID: only custom resources have both.
		return g.scope.Pulumi() + ".CustomResource"
	case schema.Capability:
		return g.declName(&t.Resource.Decl, "")
	case schema.EnumRef:
		return g.declName(&t.Enum.Decl, "")
	}
	// The loader only builds the kinds above; a new kind must be taught to this backend.
	panic(fmt.Sprintf("typescript: unexpected type kind %q", t.Kind))
}

// mapType returns a map with the given value type. A map keyed by an enum is a mapped type over the
// enum's values, so that the compiler checks the keys; any other key is a string.
func (g *fileGen) mapType(t *schema.Type, value string) string {
	if t.Key != nil && t.Key.Kind == schema.EnumRef {
		return "{ [key in " + g.declName(&t.Key.Enum.Decl, "") + "]?: " + value + " }"
	}
	return "{ [key: string]: " + value + " }"
}

// hasInputShape reports whether the input shape of t differs from its output shape, other than by the
// outer pulumi.Input: whether an alias of t needs an `…Args` twin.
func hasInputShape(t *schema.Type) bool {
	switch t.Kind {
	case schema.Array, schema.Map, schema.StructRef:
		return true
	case schema.AliasRef:
		return hasInputShape(t.Alias.Type)
	}
	return false
}

// declName returns the local name of the declaration d, or of its twin with the given suffix (Args,
// State), importing it if it lives in another file.
func (g *fileGen) declName(d *schema.Decl, suffix string) string {
	return g.scope.Name(tsPath(d.File), d.Name+suffix)
}

// holdsResource reports whether a value of type t can hold one of the package's resources: a capability,
// directly or in an array, map, struct or alias. seen guards against recursive structs.
func holdsResource(t *schema.Type, seen map[*schema.Struct]bool) bool {
	switch t.Kind {
	case schema.Capability:
		return true
	case schema.Array, schema.Map:
		return holdsResource(t.Elem, seen)
	case schema.AliasRef:
		return holdsResource(t.Alias.Type, seen)
	case schema.StructRef:
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
