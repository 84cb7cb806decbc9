package gostub

import (
	"github.com/dave/jennifer/jen"

	"github.com/cidlc/cidlc/idl/model"
)

// How a property is held in its marshaling struct, and read and written.

// isID reports whether p is the out property named id: the resource ID, never a property on the wire.
func isID(p *model.Property) bool { return p.Out && p.Name == "id" }

// isPointer reports whether p's field is a pointer: optional and out properties may be absent, unless
// their type has a nil of its own. The name of a named resource is optional for the program only:
// Check fills it in, so ops always see it.
func isPointer(p *model.Property) bool {
	return (p.Optional || p.Out) && !p.Synthetic && !nilable(p.Type)
}

// field declares p's field in the marshaling struct of a resource or struct.
func (g *packageGen) field(p *model.Property) jen.Code {
	c := g.fieldDoc(p).id(p.GoName, " ")
	if isID(p) {
		c.qual(resourcePath, "ID")
	} else {
		g.fieldType(c, p, isPointer(p))
	}
	return c.done()
}

// fieldType appends the type of p's field: a pointer to p's Go type, or that type itself.
func (g *packageGen) fieldType(c *code, p *model.Property, pointer bool) *code {
	if pointer {
		c.id("*")
	}
	return g.goType(c, p.Type)
}

// immutableNote is what the doc of an immutable property's field adds: what the ops may rely on,
// that Update never has to handle a change of it.
var immutableNote = prose("Immutable: set when the resource is created. An update that would change it " +
	"fails before Update is called, so olds and news always hold the same value.")

// fieldDoc starts p's field with its doc.
func (g *packageGen) fieldDoc(p *model.Property) *code {
	text := p.Doc
	if p.Immutable {
		text = paragraphs(text, immutableNote)
	}
	if p.Deprecated != "" {
		// Go's convention, which tools such as staticcheck and gopls understand.
		text = paragraphs(text, "Deprecated: "+p.Deprecated)
	}
	return g.doc(text)
}

// unmarshalField reads p, a property of the resource or struct owner, from the open object o into recv's
// field; a property with constraints is read through provider.Checked:
//
//	obj.VPC = provider.Optional(o, "vpc", provider.RefTo(VPC))
//	obj.Size = provider.Required(o, "size", provider.Checked(provider.Number[float64], databaseSize))
func (g *packageGen) unmarshalField(recv, owner string, p *model.Property) jen.Code {
	read := "Required"
	switch {
	case p.Out && nilable(p.Type):
		read = "OutputValue"
	case p.Out:
		read = "Output"
	case p.Synthetic:
	case p.Optional && nilable(p.Type):
		read = "OptionalValue"
	case p.Optional:
		read = "Optional"
	}
	c := g.code(recv, ".", p.GoName, " = ").rt(read).id("(o, ").lit(p.Name).id(", ")
	if p.Constraints != nil {
		g.decoder(c.rt("Checked").id("("), p.Type).id(", ", g.contractName(owner, p), ")")
	} else {
		g.decoder(c, p.Type)
	}
	return c.id(")").done()
}

// marshalField writes recv's field of p, a pointer or not, into the property map m:
//
//	provider.PutOptional(m, "vpc", obj.VPC, provider.RefValue)
func (g *packageGen) marshalField(recv string, p *model.Property, pointer bool) jen.Code {
	put := "Put"
	if pointer {
		put = "PutOptional"
	}
	c := g.code().rt(put).id("(m, ").lit(p.Name).id(", ", recv, ".", p.GoName, ", ")
	return g.encoder(c, p.Type).id(")").done()
}
