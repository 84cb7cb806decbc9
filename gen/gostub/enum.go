package gostub

import (
	"github.com/dave/jennifer/jen"

	"github.com/cidlc/cidlc/idl/model"
)

// enum is the outline of an enum's stubs.
func (g *packageGen) enum(e *model.Enum) []jen.Code {
	return []jen.Code{
		g.generateEnumType(e),
		g.generateEnumValues(e),
		g.generateEnumValid(e),
		g.generateEnumValuesMethod(e),
	}
}

// generateEnumType declares the enum's string type.
func (g *packageGen) generateEnumType(e *model.Enum) jen.Code {
	return g.doc(e.Doc).id("type ", e.Name, " string").done()
}

// generateEnumValues declares the enum's values as typed constants, in declaration order.
func (g *packageGen) generateEnumValues(e *model.Enum) jen.Code {
	defs := make([]jen.Code, len(e.Values))
	for i, v := range e.Values {
		defs[i] = g.doc(v.Doc).id(v.Name, " ", e.Name, " = ").lit(v.Value).done()
	}
	return jen.Const().Defs(defs...)
}

// valueList appends the enum's constants, separated by commas.
func valueList(c *code, e *model.Enum) *code {
	for i, v := range e.Values {
		if i > 0 {
			c.id(", ")
		}
		c.id(v.Name)
	}
	return c
}

// generateEnumValid declares E.Valid, which the runtime's enum decoder calls.
func (g *packageGen) generateEnumValid(e *model.Enum) jen.Code {
	return g.prose("Valid reports whether e is one of the values of %s.", e.Name).id("func (e ", e.Name, ") Valid() bool").done().Block(
		jen.Id("switch e").Block(jen.Case(valueList(g.code(), e).done()).Block(jen.Id("return true"))),
		jen.Id("return false"),
	)
}

// generateEnumValuesMethod declares E.Values, which error messages list.
func (g *packageGen) generateEnumValuesMethod(e *model.Enum) jen.Code {
	return g.prose("Values returns the values of %s, in declaration order.", e.Name).id("func (", e.Name, ") Values() []", e.Name).done().Block(
		valueList(g.code("return []", e.Name, "{"), e).id("}").done(),
	)
}
