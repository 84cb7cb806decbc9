package gostub

import (
	"slices"

	"github.com/dave/jennifer/jen"

	"github.com/cidlc/cidlc/idl/celcheck"
	"github.com/cidlc/cidlc/idl/celcheck/celmodel"
	"github.com/cidlc/cidlc/idl/model"
)

// celcheckPath is the import path of the runtime of checks, which only the stubs of declarations with
// checks import: a plugin whose IDL has none does not link CEL.
const celcheckPath = "github.com/cidlc/cidlc/idl/celcheck"

// checksName is the name of the package-level *celcheck.Checks of the declaration owner, "" when it
// has no checks.
func (g *packageGen) checksName(owner string) string { return g.private["checks "+owner] }

// generateChecks declares the checks of owner's values (//cidlc:check), which the unmarshal code
// enforces (Object.Checks), or nothing when it has none: the schema of the values, which the checks are
// compiled against when they are first needed, and the checks.
//
//	var listenerChecks = celcheck.New(celcheck.Schema{
//		Self: "Listener",
//		Objects: map[string][]celcheck.Field{
//			"Listener": {{Name: "port", Type: celcheck.IntType}, {Name: "protocol", Type: celcheck.StringType}},
//		},
//	}, celcheck.Rule{Expr: `self.protocol != "HTTPS" || has(self.certificateARN)`, Message: "…"})
//
// self is owner when it is a struct, which may hold itself; enforcer is the call that enforces them.
func (g *packageGen) generateChecks(owner, enforcer string, props []*model.Property, checks []*model.Check, self *model.Struct) jen.Code {
	if len(checks) == 0 {
		return jen.Null()
	}
	schema := celmodel.Schema(owner, props, self)
	names := make([]string, 0, len(schema.Objects))
	for name := range schema.Objects {
		if name != schema.Self {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	names = append([]string{schema.Self}, names...)
	objects := g.code().lines(len(names), ",", func(c *code, i int) {
		c.lit(names[i]).id(": {")
		for j, f := range schema.Objects[names[i]] {
			if j > 0 {
				c.id(", ")
			}
			g.celType(c.id("{Name: ").lit(f.Name).id(", Type: "), f.Type).id("}")
		}
		c.id("}")
	}).items()
	schemaLit := g.code().qual(celcheckPath, "Schema").done().Custom(multiline,
		g.code("Self: ").lit(schema.Self).done(),
		g.code("Objects: map[string][]").qual(celcheckPath, "Field").done().Custom(multiline, objects...),
	)
	args := []jen.Code{schemaLit}
	for _, k := range checks {
		rule := g.code().qual(celcheckPath, "Rule").id("{Expr: ")
		patternLit(rule, k.Expr)
		if k.Message != "" {
			rule.id(", Message: ").lit(k.Message)
		}
		args = append(args, rule.id("}").done())
	}
	return g.prose("The checks of %s's values as a whole, which %s enforces. They compile when first needed.", owner, enforcer).
		id("var ", g.checksName(owner), " = ").qual(celcheckPath, "New").done().Custom(multilineCall, args...)
}

// multilineCall lays out the arguments of a call one per line.
var multilineCall = jen.Options{Open: "(", Close: ")", Separator: ",", Multi: true}

// celType appends the expression of a celcheck.Type.
func (g *packageGen) celType(c *code, t *celcheck.Type) *code {
	switch t.Kind {
	case celcheck.Bool:
		return c.qual(celcheckPath, "BoolType")
	case celcheck.Double:
		return c.qual(celcheckPath, "DoubleType")
	case celcheck.Int:
		return c.qual(celcheckPath, "IntType")
	case celcheck.String:
		return c.qual(celcheckPath, "StringType")
	case celcheck.List:
		return g.celType(c.qual(celcheckPath, "ListOf").id("("), t.Elem).id(")")
	case celcheck.Map:
		return g.celType(c.qual(celcheckPath, "MapOf").id("("), t.Elem).id(")")
	case celcheck.Object:
		return c.qual(celcheckPath, "ObjectOf").id("(").lit(t.Object).id(")")
	}
	return c.qual(celcheckPath, "DynType")
}
