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
		g.generateStructUnmarshal(s),
		g.generateStructMarshal(s),
	}
}

// generateStruct declares the struct with a field per property.
func (g *packageGen) generateStruct(s *model.Struct) jen.Code {
	fields := make([]jen.Code, len(s.Properties))
	for i, p := range s.Properties {
		fields[i] = g.field(p)
	}
	return g.doc(s.Doc).id("type ", s.Name).done().Struct(fields...)
}

// generateStructUnmarshal declares UnmarshalS, the decoder of S.
func (g *packageGen) generateStructUnmarshal(s *model.Struct) jen.Code {
	body := make([]jen.Code, 0, len(s.Properties)+4)
	body = append(body, jen.Id("var s "+s.Name), jen.Id("o := d.Object(v)"))
	for _, p := range s.Properties {
		body = append(body, g.unmarshalField("s", s.Name, p))
	}
	body = append(body, jen.Id("o.Close()"), jen.Id("return s"))
	return g.prose("%s returns the %s that the property value v holds; problems go to d.", g.unmarshalName(s), s.Name).
		id("func ", g.unmarshalName(s), "(d *").rt("Decoder").id(", v ").qual(resourcePath, "PropertyValue").id(") ", s.Name).done().
		Block(body...)
}

// generateStructMarshal declares MarshalS, the encoder of S.
func (g *packageGen) generateStructMarshal(s *model.Struct) jen.Code {
	body := make([]jen.Code, 0, len(s.Properties)+2)
	body = append(body, g.code("m := make(").qual(resourcePath, "PropertyMap").id(", ").int(len(s.Properties)).id(")").done())
	for _, p := range s.Properties {
		body = append(body, g.marshalField("s", p, isPointer(p)))
	}
	body = append(body, g.code("return ").qual(resourcePath, "NewProperty").id("(m)").done())
	return g.prose("%s returns s as a property value.", g.marshalFuncName(s)).
		id("func ", g.marshalFuncName(s), "(s ", s.Name, ") ").qual(resourcePath, "PropertyValue").done().Block(body...)
}
