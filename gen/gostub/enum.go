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
	return withDoc(e.Doc, jen.Type().Id(e.Name).String())
}

// generateEnumValues declares the enum's values as typed constants, in declaration order.
func (g *packageGen) generateEnumValues(e *model.Enum) jen.Code {
	defs := make([]jen.Code, len(e.Values))
	for i, v := range e.Values {
		defs[i] = withDoc(v.Doc, jen.Id(v.Name).Id(e.Name).Op("=").Lit(v.Value))
	}
	return jen.Const().Defs(defs...)
}

// valueIDs are the enum's constants.
func valueIDs(e *model.Enum) []jen.Code {
	ids := make([]jen.Code, len(e.Values))
	for i, v := range e.Values {
		ids[i] = jen.Id(v.Name)
	}
	return ids
}

// generateEnumValid declares E.Valid, which the runtime's enum decoder calls.
func (g *packageGen) generateEnumValid(e *model.Enum) jen.Code {
	text := prose("Valid reports whether e is one of the values of %s.", e.Name)
	return withDoc(text, jen.Func().Params(jen.Id("e").Id(e.Name)).Id("Valid").Params().Bool().Block(
		jen.Switch(jen.Id("e")).Block(jen.Case(valueIDs(e)...).Block(jen.Return(jen.True()))),
		jen.Return(jen.False()),
	))
}

// generateEnumValuesMethod declares E.Values, which error messages list.
func (g *packageGen) generateEnumValuesMethod(e *model.Enum) jen.Code {
	text := prose("Values returns the values of %s, in declaration order.", e.Name)
	return withDoc(text, jen.Func().Params(jen.Id(e.Name)).Id("Values").Params().Index().Id(e.Name).Block(
		jen.Return(jen.Index().Id(e.Name).Values(valueIDs(e)...)),
	))
}
