package gostub

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/cidlc/cidlc/idl/model"
)

// This file maps IDL types to Go: the type a field has, and the runtime codecs, composed to the type's
// shape, that read and write it. A codec is an expression of function type, so that codecs nest:
//
//	provider.MapOf[map[string][]Rule](provider.ArrayOf[[]Rule](UnmarshalRule))

// declRef appends a reference to a declaration of the IDL, from the stubs of any package.
func (g *packageGen) declRef(c *code, d *model.Decl) *code {
	return c.qual(g.importPath(d.Package()), d.Name)
}

// goType appends the Go type of a value of type t.
func (g *packageGen) goType(c *code, t *model.Type) *code {
	switch t.Kind {
	case model.Bool:
		return c.id("bool")
	case model.Number:
		return c.id("float64")
	case model.Integer:
		if t.Bits == 32 {
			return c.id("int32")
		}
		return c.id("int")
	case model.String:
		return c.id("string")
	case model.Any:
		return c.id("any")
	case model.Asset:
		return c.id("*").qual(assetPath, "Asset")
	case model.Archive:
		return c.id("*").qual(archivePath, "Archive")
	case model.AnyResource, model.Capability:
		return c.rt("Ref")
	case model.StructRef:
		return g.declRef(c, &t.Struct.Decl)
	case model.EnumRef:
		return g.declRef(c, &t.Enum.Decl)
	case model.AliasRef:
		return g.declRef(c, &t.Alias.Decl)
	case model.Array:
		return g.goType(c.id("[]"), t.Elem)
	case model.Map:
		g.goType(c.id("map["), t.Key)
		return g.goType(c.id("]"), t.Elem)
	}
	panic(fmt.Sprintf("gostub: unknown type kind %q", t.Kind))
}

// nilable reports whether the Go type of t already has a value meaning "absent", so that an optional
// property of type t needs no pointer.
func nilable(t *model.Type) bool {
	return t.Kind == model.Any || t.Kind == model.Asset || t.Kind == model.Archive
}

// primitiveCodecs names the runtime codecs of the primitive kinds, generic in the Go type so that they
// serve aliases too: provider.String[acme.ARN].
var primitiveCodecs = map[model.Kind][2]string{
	model.Bool:   {"Bool", "BoolValue"},
	model.Number: {"Number", "NumberValue"},
	model.String: {"String", "StringValue"},
}

// decoder appends the expression of the decoder of t: a func(*provider.Decoder, resource.PropertyValue) G
// where G is goType(t).
func (g *packageGen) decoder(c *code, t *model.Type) *code {
	return g.decoderAs(c, t, t)
}

// typeArg appends [G], G the Go type of as.
func (g *packageGen) typeArg(c *code, as *model.Type) *code {
	return g.goType(c.id("["), as).id("]")
}

// decoderAs appends the decoder of t yielding the Go type of as, which is t or an alias of it.
func (g *packageGen) decoderAs(c *code, t, as *model.Type) *code {
	switch t.Kind {
	case model.Bool, model.Number, model.String:
		return g.typeArg(c.rt(primitiveCodecs[t.Kind][0]), as)
	case model.Integer:
		if t.Bits == 32 {
			return g.typeArg(c.rt("Int32"), as)
		}
		return g.typeArg(c.rt("Integer"), as)
	case model.Any:
		return c.rt("Any")
	case model.Asset:
		return c.rt("Asset")
	case model.Archive:
		return c.rt("Archive")
	case model.AnyResource:
		return c.rt("AnyRef")
	case model.Capability:
		return g.declRef(c.rt("RefTo").id("("), &t.Resource.Decl).id(")")
	case model.StructRef:
		return c.qual(g.importPath(t.Struct.Package()), g.unmarshalName(t.Struct))
	case model.EnumRef:
		return g.typeArg(c.rt("Enum"), as)
	case model.AliasRef:
		if t.Alias.Type.Kind == model.Any {
			// An interface type takes no part in generic conversions: adapt the codec.
			//	func(d *provider.Decoder, v resource.PropertyValue) Doc { return provider.Any(d, v) }
			c.id("func(d *").rt("Decoder").id(", v ").qual(resourcePath, "PropertyValue").id(") ")
			return g.goType(c, as).add(jen.Block(g.code("return ").rt("Any").id("(d, v)").done()))
		}
		return g.decoderAs(c, t.Alias.Type, as)
	case model.Array:
		return g.decoder(g.typeArg(c.rt("ArrayOf"), as).id("("), t.Elem).id(")")
	case model.Map:
		if t.Key.Kind == model.EnumRef {
			return g.decoder(g.typeArg(c.rt("EnumMapOf"), as).id("("), t.Elem).id(")")
		}
		return g.decoder(g.typeArg(c.rt("MapOf"), as).id("("), t.Elem).id(")")
	}
	panic(fmt.Sprintf("gostub: unknown type kind %q", t.Kind))
}

// encoder appends the expression of the encoder of t: a func(G) resource.PropertyValue.
func (g *packageGen) encoder(c *code, t *model.Type) *code {
	return g.encoderAs(c, t, t)
}

// encoderAs appends the encoder of t taking the Go type of as, which is t or an alias of it.
func (g *packageGen) encoderAs(c *code, t, as *model.Type) *code {
	switch t.Kind {
	case model.Bool, model.Number, model.String:
		return g.typeArg(c.rt(primitiveCodecs[t.Kind][1]), as)
	case model.Integer:
		return g.typeArg(c.rt("IntegerValue"), as)
	case model.Any:
		return c.rt("AnyValue")
	case model.Asset:
		return c.rt("AssetValue")
	case model.Archive:
		return c.rt("ArchiveValue")
	case model.AnyResource, model.Capability:
		return c.rt("RefValue")
	case model.StructRef:
		return c.qual(g.importPath(t.Struct.Package()), g.marshalFuncName(t.Struct))
	case model.EnumRef:
		return g.typeArg(c.rt("StringValue"), as)
	case model.AliasRef:
		if t.Alias.Type.Kind == model.Any {
			//	func(x Doc) resource.PropertyValue { return provider.AnyValue(x) }
			g.goType(c.id("func(x "), as).id(") ").qual(resourcePath, "PropertyValue")
			return c.add(jen.Block(g.code("return ").rt("AnyValue").id("(x)").done()))
		}
		return g.encoderAs(c, t.Alias.Type, as)
	case model.Array:
		return g.encoder(g.typeArg(c.rt("ArrayValueOf"), as).id("("), t.Elem).id(")")
	case model.Map:
		return g.encoder(g.typeArg(c.rt("MapValueOf"), as).id("("), t.Elem).id(")")
	}
	panic(fmt.Sprintf("gostub: unknown type kind %q", t.Kind))
}
