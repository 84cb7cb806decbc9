package load

import (
	"strings"

	"github.com/cidlc/cidlc/idl/model"
)

// The outputs spell the type of a property out in full, aliases included: the Go stubs' codecs nest one
// generic call per array or map (provider.ArrayOf[[]T](provider.MapOf[…](…))), the package schema
// inlines every alias, and the TypeScript backend looks through them for resources. Two limits follow.

// aliasCycles rejects the aliases that hold themselves through arrays and maps (type Tree
// map[string]Tree, which Go allows): spelled out, they would never end. A rejected alias is bad from then
// on, so that the properties of its type say nothing more.
func (c *builder) aliasCycles() {
	for _, d := range c.order {
		if d.kind != kindAlias || d.alias.Type == nil {
			continue
		}
		if path := aliasCycle(d.alias); path != nil {
			c.report(d.alias.Pos, "type "+d.alias.Name+": a type cannot hold itself through arrays and maps ("+
				strings.Join(path, " holds ")+"): the outputs write such a type out in full wherever it is used, which would never end; "+
				"make it a struct, whose fields may hold it (type "+d.alias.Name+" struct { Items … })")
			d.kind = kindBad
		}
	}
}

// aliasCycle returns the aliases through which a holds itself, a first and last, or nil.
func aliasCycle(a *model.Alias) []string {
	seen := map[*model.Alias]bool{}
	var walk func(t *model.Type, path []string) []string
	walk = func(t *model.Type, path []string) []string {
		switch {
		case t == nil:
			return nil
		case t.Kind == model.Array || t.Kind == model.Map:
			return walk(t.Elem, path) // a map's key is a string, never an array or a map
		case t.Kind != model.AliasRef:
			return nil
		case t.Alias == a:
			return append(path, a.Name)
		case seen[t.Alias]:
			return nil
		}
		seen[t.Alias] = true
		return walk(t.Alias.Type, append(path, t.Alias.Name))
	}
	return walk(a.Type, []string{a.Name})
}

// maxNesting is how deep arrays and maps may nest in a property's type. The Go type checker gives up on
// the codecs of the stubs at about 45 levels (an internal compiler error: "unification reached recursion
// depth limit"); no data needs anything near 32.
const maxNesting = 32

// nesting returns how deep arrays and maps nest in t, with its aliases spelled out.
func nesting(t *model.Type) int {
	depth := 0
	for seen := map[*model.Alias]bool{}; t != nil; {
		switch t.Kind {
		case model.Array, model.Map:
			depth++
			t = t.Elem
		case model.AliasRef:
			if seen[t.Alias] {
				return depth // a cycle: reported at the alias
			}
			seen[t.Alias] = true
			t = t.Alias.Type
		default:
			return depth
		}
	}
	return depth
}
