package gostub

import (
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/cidlc/cidlc/idl/model"
)

// What a resource's stubs say about its earlier versions: the tokens it had (formerly=), which the
// runtime answers, and the migrations of its state from each earlier state version (stateVersion=),
// which the ops implement: one method per version, so that a new state version fails to compile until
// its migration is written.

// migrationMethods returns the ops methods that migrate r's state from each earlier state version,
// each on a line of its own after the ops' other methods; nil when r has no state version.
func (g *packageGen) migrationMethods(r *model.Resource) jen.Code {
	if r.StateVersion == 0 {
		return jen.Null()
	}
	c := g.code()
	for v := range r.StateVersion {
		from := "a provider of state version " + strconv.Itoa(v)
		if v == 0 {
			from = "a provider from before " + r.Name + " had a state version"
		}
		c.id("\n").prose("MigrateFrom%s converts the state of a %s that %s wrote, or the inputs the engine recorded "+
			"with it (old.Inputs()), to state version %s: obj starts with what of old still decodes; set the rest "+
			"from old. The provider applies it wherever it reads such a state, before anything else does.",
			strconv.Itoa(v), r.Name, from, strconv.Itoa(r.StateVersion)).
			id(migrationMethod(v), "(").ctxParam().id(", old ").rt("OldState").id(", obj *", g.marshalName(r), ") error")
	}
	return c.done()
}

// migrationMethod is the name of the ops method that migrates a state of version v.
func migrationMethod(v int) string { return "MigrateFrom" + strconv.Itoa(v) }

// evolutionSpec appends to a resource's spec literal its earlier tokens, its state version and the
// migrations that the ops implement, each an item of the literal.
func (g *packageGen) evolutionSpec(c *code, r *model.Resource) {
	g.formerlySpec(c, "Type", r.Formerly)
	if r.StateVersion == 0 {
		return
	}
	c.id(",\nStateVersion: ").int(r.StateVersion).id(",\nMigrations: []").rt("Migration").id("[", g.marshalName(r), "]{")
	for v := range r.StateVersion {
		if v > 0 {
			c.id(", ")
		}
		c.id("ops.", migrationMethod(v))
	}
	c.id("}")
}

// formerlySpec appends the Formerly item of a spec literal, the earlier tokens as tokens of kind (Type
// for a resource, ModuleMember for a function); nothing when there are none.
func (g *packageGen) formerlySpec(c *code, kind string, tokens []string) *code {
	if len(tokens) == 0 {
		return c
	}
	c.id(",\nFormerly: []").qual(tokensPath, kind).id("{")
	for i, t := range tokens {
		if i > 0 {
			c.id(", ")
		}
		c.lit(t)
	}
	return c.id("}")
}
