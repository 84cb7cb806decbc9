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

// fields are the fields of the properties props in the marshaling struct of a resource or struct.
func (g *packageGen) fields(props []*model.Property) []jen.Code {
	siblings := model.SiblingsOf(props)
	return g.code().lines(len(props), "", func(c *code, i int) {
		p := props[i]
		g.fieldDoc(c, p, siblings).id(p.GoName, " ")
		if isID(p) {
			c.qual(resourcePath, "ID")
		} else {
			g.fieldType(c, p, isPointer(p))
		}
	}).items()
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

// writeOnlyNote is what the doc of a write-only (in) property's field adds: what Read and an import do
// with it.
var writeOnlyNote = prose("Write-only: the service never returns it. Read need not set it: the provider keeps " +
	"the value the program gave, unless Read calls provider.Forget (the service's differs); an import leaves it unset.")

// fieldDoc appends the doc of p's field, p one of siblings: as written, and what Check makes sure of
// it beyond its type (immutable, the rules across properties, in Go names).
func (g *packageGen) fieldDoc(c *code, p *model.Property, siblings model.Siblings) *code {
	text := p.Doc
	if p.Immutable {
		text = paragraphs(text, immutableNote)
	}
	if p.In {
		text = paragraphs(text, writeOnlyNote)
	}
	if notes := siblings.RuleNotes(p, true); notes != "" {
		text = paragraphs(text, notes+" Check makes sure of it.")
	}
	if p.Deprecated != "" {
		// Go's convention, which tools such as staticcheck and gopls understand.
		text = paragraphs(text, "Deprecated: "+p.Deprecated)
	}
	return c.doc(text)
}

// unmarshalField reads p, a property of the resource or struct owner, from the open object o into recv's
// field; a property with constraints is read through provider.Checked:
//
//	obj.VPC = provider.Optional(o, "vpc", provider.RefTo(VPC))
//	obj.Size = provider.Required(o, "size", provider.Checked(provider.Number[float64], databaseSize))
func (g *packageGen) unmarshalField(c *code, recv, owner string, p *model.Property) {
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
	c.id(recv, ".", p.GoName, " = ").rt(read).id("(o, ").lit(p.Name).id(", ")
	if p.Constraints != nil {
		g.decoder(c.rt("Checked").id("("), p.Type).id(", ", g.contractName(owner, p), ")")
	} else {
		g.decoder(c, p.Type)
	}
	c.id(")")
}

// unmarshalFields appends the lines that read the properties props of the resource or struct owner into
// recv (unmarshalField), and the lines that enforce owner's checks and the rules across the properties,
// where it has some (the checks first: they do not run on an object that failed already):
//
//	o.Checks(listenerChecks)
//	o.Rules(listenerRules)
func (g *packageGen) unmarshalFields(c *code, recv, owner string, props []*model.Property) *code {
	c.lines(len(props), "", func(c *code, i int) { g.unmarshalField(c, recv, owner, props[i]) })
	if checks := g.checksName(owner); checks != "" {
		c.id("\no.Checks(", checks, ")")
	}
	if rules := g.rulesName(owner); rules != "" {
		c.id("\no.Rules(", rules, ")")
	}
	return c
}

// marshalBody appends the statements that write the properties props from recv into a new property
// map m (marshalField), and result, the statement that returns it. pointer says whether a property's
// field is a pointer.
func (g *packageGen) marshalBody(c *code, recv string, props []*model.Property, pointer func(*model.Property) bool,
	result string) *code {
	c.id("m := make(").qual(resourcePath, "PropertyMap").id(", ").int(len(props)).id(")\n")
	c.lines(len(props), "", func(c *code, i int) { g.marshalField(c, recv, props[i], pointer(props[i])) })
	if len(props) > 0 {
		c.id("\n")
	}
	return c.id(result)
}

// wireProperties are the properties of r but the resource ID, which is no property on the wire.
func wireProperties(r *model.Resource) []*model.Property {
	props := make([]*model.Property, 0, len(r.Properties))
	for _, p := range r.Properties {
		if !isID(p) {
			props = append(props, p)
		}
	}
	return props
}

// marshalField writes recv's field of p, a pointer or not, into the property map m:
//
//	provider.PutOptional(m, "vpc", obj.VPC, provider.RefValue)
func (g *packageGen) marshalField(c *code, recv string, p *model.Property, pointer bool) {
	put := "Put"
	if pointer {
		put = "PutOptional"
	}
	c.rt(put).id("(m, ").lit(p.Name).id(", ", recv, ".", p.GoName, ", ")
	g.encoder(c, p.Type).id(")")
}
