package gostub

import (
	"github.com/dave/jennifer/jen"

	"github.com/cidlc/cidlc/idl/model"
)

// structDecl is the outline of a struct's stubs. Unlike a resource's marshaling struct, a struct keeps
// its IDL name, exported: the stubs of other IDL packages use it.
func (g *packageGen) structDecl(s *model.Struct) []jen.Code {
	return []jen.Code{
		g.generateStruct(s),
		g.generateContracts(s.Name, "Check", s.Properties),
		g.generateRules(s.Name, "Check", s.Properties),
		g.generateChecks(s.Name, "Check", s.Properties, s.Checks, s),
		g.generateStructUnmarshal(s),
		g.generateStructMarshal(s),
	}
}

// generateStruct declares the struct with a field per property.
func (g *packageGen) generateStruct(s *model.Struct) jen.Code {
	return g.doc(s.Doc).id("type ", s.Name).done().Struct(g.fields(s.Properties)...)
}

// generateStructUnmarshal declares UnmarshalS, the decoder of S.
func (g *packageGen) generateStructUnmarshal(s *model.Struct) jen.Code {
	body := g.unmarshalFields(g.code("var s ", s.Name, "\no := d.Object(v)\n"), "s", s.Name, s.Properties)
	if len(s.Properties) > 0 {
		body.id("\n")
	}
	body.id("o.Close()\nreturn s")
	return g.prose("%s returns the %s that the property value v holds; problems go to d.", g.unmarshalName(s), s.Name).
		id("func ", g.unmarshalName(s), "(d *").rt("Decoder").id(", v ").qual(resourcePath, "PropertyValue").id(") ", s.Name).done().
		Block(body.done())
}

// generateStructMarshal declares MarshalS, the encoder of S.
func (g *packageGen) generateStructMarshal(s *model.Struct) jen.Code {
	body := g.marshalBody(g.code(), "s", s.Properties, isPointer, "return ")
	body.qual(resourcePath, "NewProperty").id("(m)")
	return g.prose("%s returns s as a property value.", g.marshalFuncName(s)).
		id("func ", g.marshalFuncName(s), "(s ", s.Name, ") ").qual(resourcePath, "PropertyValue").done().Block(body.done())
}
