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
	return withDoc(s.Doc, jen.Type().Id(s.Name).Struct(fields...))
}

// generateStructUnmarshal declares UnmarshalS, the decoder of S.
func (g *packageGen) generateStructUnmarshal(s *model.Struct) jen.Code {
	body := []jen.Code{
		jen.Var().Id("s").Id(s.Name),
		jen.Id("o").Op(":=").Id("d").Dot("Object").Call(jen.Id("v")),
	}
	for _, p := range s.Properties {
		body = append(body, g.unmarshalField("s", s.Name, p))
	}
	body = append(body, jen.Id("o").Dot("Close").Call(), jen.Return(jen.Id("s")))
	text := prose("%s returns the %s that the property value v holds; problems go to d.", g.unmarshalName(s), s.Name)
	return withDoc(text, jen.Func().Id(g.unmarshalName(s)).
		Params(jen.Id("d").Op("*").Add(rt("Decoder")), jen.Id("v").Qual(resourcePath, "PropertyValue")).Id(s.Name).
		Block(body...))
}

// generateStructMarshal declares MarshalS, the encoder of S.
func (g *packageGen) generateStructMarshal(s *model.Struct) jen.Code {
	body := []jen.Code{jen.Id("m").Op(":=").Make(jen.Qual(resourcePath, "PropertyMap"), jen.Lit(len(s.Properties)))}
	for _, p := range s.Properties {
		body = append(body, g.marshalField("s", p, isPointer(p)))
	}
	body = append(body, jen.Return(jen.Qual(resourcePath, "NewProperty").Call(jen.Id("m"))))
	text := prose("%s returns s as a property value.", g.marshalFuncName(s))
	return withDoc(text, jen.Func().Id(g.marshalFuncName(s)).Params(jen.Id("s").Id(s.Name)).Qual(resourcePath, "PropertyValue").
		Block(body...))
}
