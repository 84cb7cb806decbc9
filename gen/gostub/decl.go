package gostub

import (
	"fmt"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/cidlc/cidlc/idl/model"
)

// generateAlias declares an alias as the Go type it names: type ARN string, type Tags map[string]string.
func (g *packageGen) generateAlias(a *model.Alias) jen.Code {
	return g.goType(g.doc(a.Doc).id("type ", a.Name, " "), a.Type).done()
}

// generateConst declares a constant with its exact value. Numbers are typed float64 and integers int or
// int32, as the IDL declares them; strings and bools stay untyped, as Go programs usually declare them; enum constants have their
// enum's type.
func (g *packageGen) generateConst(c *model.Const) jen.Code {
	decl := g.doc(c.Doc).id("const ", c.Name, " ")
	if c.Type.Kind != model.String && c.Type.Kind != model.Bool {
		g.goType(decl, c.Type)
	}
	decl.id(" = ")
	switch v := c.Value.(type) {
	case string:
		decl.lit(v)
	case bool:
		decl.id(strconv.FormatBool(v))
	case float64:
		if c.Type.Kind == model.Integer {
			decl.id(strconv.FormatInt(int64(v), 10))
		} else {
			decl.num(v)
		}
	default:
		panic(fmt.Sprintf("gostub: constant %s has a value of type %T", c.Name, c.Value))
	}
	return decl.done()
}
