package load

import (
	"strings"

	"github.com/cidlc/cidlc/idl/schema"
)

// The outputs spell the type of a property out in full, aliases included: the Go stubs' codecs nest one
// generic call per array or map (provider.ArrayOf[[]T](provider.MapOf[…](…))), the package schema
// inlines every alias, and the TypeScript backend looks through them for resources.

// checkAliasCycles rejects the aliases that hold themselves through arrays and maps (type Tree
// map[string]Tree, which Go allows): spelled out, they would never end. A rejected alias is bad from then
// on, so that the properties of its type say nothing more.
func (c *checker) checkAliasCycles() {
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
func aliasCycle(a *schema.Alias) []string {
	seen := map[*schema.Alias]bool{}
	var walk func(t *schema.Type, path []string) []string
	walk = func(t *schema.Type, path []string) []string {
		switch {
		case t == nil:
			return nil
		case t.Kind == schema.Array || t.Kind == schema.Map:
			return walk(t.Elem, path) // a map's key is a string, never an array or a map
		case t.Kind != schema.AliasRef:
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
