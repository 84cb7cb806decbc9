package breaking

import (
	"fmt"
	"go/token"
	"slices"

	"github.com/cidlc/cidlc/idl/model"
)

// typeDiff is how two versions of a type differ, from nothing to everything.
type typeDiff int

const (
	typeSame    typeDiff = iota
	typeRenamed          // another declaration of the same shape: nothing changes for programs or on the wire
	typeWidened          // every old value is still a value: inputs and state are fine, readers see more
	typeChanged
)

// typeDiff compares two versions of a type by meaning. A reference to a declaration and to its new
// version is the same type (the declaration's own changes are reported at the declaration); aliases are
// looked through; two different structs or enums of the same shape are the same type under another
// name. pairs holds the struct pairs being compared, which are assumed equal to end a cycle.
func (c *comparer) typeDiff(o, n *model.Type, pairs map[[2]*model.Struct]bool) typeDiff {
	if o.Kind == model.AliasRef && n.Kind == model.AliasRef && c.match[&o.Alias.Decl] == &n.Alias.Decl {
		return typeSame
	}
	if o.Kind == model.AliasRef || n.Kind == model.AliasRef {
		return max(typeRenamed, c.typeDiff(o.Unaliased(), n.Unaliased(), pairs))
	}
	if n.Kind == model.Any && o.Kind != model.Any {
		return typeWidened
	}
	if o.Kind != n.Kind {
		switch {
		case o.Kind == model.EnumRef && n.Kind == model.String, o.Kind == model.Capability && n.Kind == model.AnyResource,
			o.Kind == model.Integer && n.Kind == model.Number:
			return typeWidened
		}
		// A float64 that became an integer narrows: fractions are refused, in programs and in state.
		return typeChanged
	}
	switch n.Kind {
	case model.Capability:
		if c.match[&o.Resource.Decl] == &n.Resource.Decl {
			return typeSame
		}
		return typeChanged
	case model.StructRef:
		if c.match[&o.Struct.Decl] == &n.Struct.Decl {
			return typeSame
		}
		if c.sameShape(o.Struct, n.Struct, pairs) {
			return typeRenamed
		}
		return typeChanged
	case model.EnumRef:
		if c.match[&o.Enum.Decl] == &n.Enum.Decl {
			return typeSame
		}
		ov, nv := enumValues(o.Enum), enumValues(n.Enum)
		switch {
		case slices.Equal(ov, nv):
			return typeRenamed
		case subset(ov, nv):
			return typeWidened
		}
		return typeChanged
	case model.Integer:
		switch {
		case o.Bits == n.Bits:
			return typeSame
		case n.Bits == 0: // int32 to int
			return typeWidened
		}
		return typeChanged // int to int32: larger values are refused
	case model.Array:
		return c.typeDiff(o.Elem, n.Elem, pairs)
	case model.Map:
		return max(c.typeDiff(o.Key, n.Key, pairs), c.typeDiff(o.Elem, n.Elem, pairs))
	}
	return typeSame
}

// sameShape reports whether two different structs have the same members, of the same types and with the
// same options: the same TypeScript interface, the same wire value.
func (c *comparer) sameShape(o, n *model.Struct, pairs map[[2]*model.Struct]bool) bool {
	if pairs == nil {
		pairs = map[[2]*model.Struct]bool{}
	}
	if pairs[[2]*model.Struct{o, n}] {
		return true
	}
	pairs[[2]*model.Struct{o, n}] = true
	if len(o.Properties) != len(n.Properties) {
		return false
	}
	byWire := map[string]*model.Property{}
	for _, np := range n.Properties {
		byWire[np.Name] = np
	}
	for _, op := range o.Properties {
		np := byWire[op.Name]
		if np == nil || op.Optional != np.Optional || literalOf(op.Default) != literalOf(np.Default) ||
			op.Secret != np.Secret || c.typeDiff(op.Type, np.Type, pairs) > typeRenamed {
			return false
		}
	}
	return true
}

// reportTypeDiff reports how the type of a member or alias changed. stored says whether resources' state
// or stacks' configuration can hold its values: a changed type then breaks stacks as well as programs,
// which are two findings.
func (c *comparer) reportTypeDiff(d typeDiff, subject string, oldPos, newPos token.Position, o, n *model.Type, stored bool, hint string) {
	from, to := o.Describe(model.AsSource), n.Describe(model.AsSource)
	switch d {
	case typeRenamed:
		c.report(TypeReferenceChanged, subject, oldPos, newPos,
			fmt.Sprintf("now of type %s instead of %s, which has the same shape: nothing changes for programs or on the wire", to, from), "")
	case typeWidened:
		c.report(TypeWidened, subject, oldPos, newPos,
			fmt.Sprintf("type widened from %s to %s: every old value is still accepted, but programs that read it get the wider type", from, to), "")
	case typeChanged:
		change, why, held := "changed", "programs that use it no longer compile", "an old value"
		if narrowed := integerNarrowed(o, n); narrowed != "" {
			change, why, held = "narrowed", narrowed, "a value the new type refuses"
		}
		c.report(TypeChanged, subject, oldPos, newPos, fmt.Sprintf("type %s from %s to %s: %s", change, from, to, why), hint)
		if stored {
			// Told apart from the programs' break: accepting that programs change says nothing about
			// the stacks, which a migration serves.
			c.reportStacks(StoredTypeChanged, subject, oldPos, newPos, fmt.Sprintf("type %s from %s to %s", change, from, to),
				"the provider can no longer read, update or delete resources whose state holds "+held, hint)
		}
	}
}

// integerNarrowed says what a change from a number to an integer, or from int to int32, refuses, in
// the words of reportTypeDiff; "" for any other change. (Arrays and maps of them change likewise.)
func integerNarrowed(o, n *model.Type) string {
	for o, n = o.Unaliased(), n.Unaliased(); (o.Kind == model.Array || o.Kind == model.Map) && o.Kind == n.Kind; {
		o, n = o.Elem.Unaliased(), n.Elem.Unaliased()
	}
	switch {
	case o.Kind == model.Number && n.Kind == model.Integer:
		return "values with a fraction are now refused, in the constructor and in the provider's Check, and the SDKs made " +
			"from the Pulumi schema type it as an integer (pulumi.Int in Go), so their programs that pass a float no longer compile"
	case o.Kind == model.Integer && n.Kind == model.Integer:
		return "values beyond int32's range are now refused, in the constructor and in the provider's Check"
	}
	return ""
}

// enumValues returns the values of an enum, sorted.
func enumValues(e *model.Enum) []string {
	var vs []string
	for _, v := range e.Values {
		vs = append(vs, v.Value)
	}
	slices.Sort(vs)
	return vs
}

// subset reports whether every element of the sorted list a is in the sorted list b.
func subset(a, b []string) bool {
	for _, x := range a {
		if _, found := slices.BinarySearch(b, x); !found {
			return false
		}
	}
	return true
}
