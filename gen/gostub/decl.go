package gostub

import (
	"fmt"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/cidlc/cidlc/idl/model"
)

// generateAlias declares an alias as the Go type it names: type ARN string, type Tags map[string]string.
func (g *packageGen) generateAlias(a *model.Alias) jen.Code {
	return withDoc(a.Doc, jen.Type().Id(a.Name).Add(g.goType(a.Type)))
}

// generateConst declares a constant with its exact value. Numbers are typed float64, the IDL's one number
// type; strings and bools stay untyped, as Go programs usually declare them; enum constants have their
// enum's type.
func (g *packageGen) generateConst(c *model.Const) jen.Code {
	decl := jen.Const().Id(c.Name)
	if c.Type.Kind != model.String && c.Type.Kind != model.Bool {
		decl.Add(g.goType(c.Type))
	}
	var value jen.Code
	switch v := c.Value.(type) {
	case string:
		value = jen.Lit(v)
	case bool:
		value = jen.Lit(v)
	case float64:
		// The shortest decimal that reads back as v: 50, not 50.0; 1e+21, not 1000000000000000000000.
		value = jen.Op(strconv.FormatFloat(v, 'g', -1, 64))
	default:
		panic(fmt.Sprintf("gostub: constant %s has a value of type %T", c.Name, c.Value))
	}
	return withDoc(c.Doc, decl.Op("=").Add(value))
}
