package gostub

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/cidlc/cidlc/idl/schema"
)

// This file maps IDL types to Go: the type a field has, and the runtime codecs, composed to the type's
// shape, that read and write it. A codec is an expression of function type, so that codecs nest:
//
//	provider.MapOf[map[string][]Rule](provider.ArrayOf[[]Rule](UnmarshalRule))

// declRef refers to a declaration of the IDL, from the stubs of any package.
func (g *moduleGen) declRef(d *schema.Decl) *jen.Statement {
	return jen.Qual(modulePath(g.root, d.Module()), d.Name)
}

func rt(name string) *jen.Statement { return jen.Qual(runtimePath, name) }

// goType is the Go type of a value of type t.
func (g *moduleGen) goType(t *schema.Type) *jen.Statement {
	switch t.Kind {
	case schema.Bool:
		return jen.Bool()
	case schema.Number:
		return jen.Float64()
	case schema.String:
		return jen.String()
	case schema.Any:
		return jen.Any()
	case schema.Asset:
		return jen.Op("*").Qual(assetPath, "Asset")
	case schema.Archive:
		return jen.Op("*").Qual(archivePath, "Archive")
	case schema.AnyResource, schema.Capability:
		return rt("Ref")
	case schema.StructRef:
		return g.declRef(&t.Struct.Decl)
	case schema.EnumRef:
		return g.declRef(&t.Enum.Decl)
	case schema.AliasRef:
		return g.declRef(&t.Alias.Decl)
	case schema.Array:
		return jen.Index().Add(g.goType(t.Elem))
	case schema.Map:
		return jen.Map(g.goType(t.Key)).Add(g.goType(t.Elem))
	}
	panic(fmt.Sprintf("gostub: unknown type kind %q", t.Kind))
}

// nilable reports whether the Go type of t already has a value meaning "absent", so that an optional
// property of type t needs no pointer.
func nilable(t *schema.Type) bool {
	return t.Kind == schema.Any || t.Kind == schema.Asset || t.Kind == schema.Archive
}

// primitiveCodecs names the runtime codecs of the primitive kinds, generic in the Go type so that they
// serve aliases too: provider.String[acme.ARN].
var primitiveCodecs = map[schema.Kind][2]string{
	schema.Bool:   {"Bool", "BoolValue"},
	schema.Number: {"Number", "NumberValue"},
	schema.String: {"String", "StringValue"},
}

// decoder is the expression of the decoder of t: a func(*provider.Decoder, resource.PropertyValue) G
// where G is goType(t).
func (g *moduleGen) decoder(t *schema.Type) *jen.Statement {
	return g.decoderAs(t, g.goType(t))
}

// decoderAs is the decoder of t yielding the Go type as, which is goType(t) or an alias of it.
func (g *moduleGen) decoderAs(t *schema.Type, as jen.Code) *jen.Statement {
	switch t.Kind {
	case schema.Bool, schema.Number, schema.String:
		return rt(primitiveCodecs[t.Kind][0]).Types(as)
	case schema.Any:
		return rt("Any")
	case schema.Asset:
		return rt("Asset")
	case schema.Archive:
		return rt("Archive")
	case schema.AnyResource:
		return rt("AnyRef")
	case schema.Capability:
		return rt("RefTo").Call(g.declRef(&t.Resource.Decl))
	case schema.StructRef:
		return jen.Qual(modulePath(g.root, t.Struct.Module()), "Unmarshal"+t.Struct.Name)
	case schema.EnumRef:
		return rt("Enum").Types(as)
	case schema.AliasRef:
		if t.Alias.Type.Kind == schema.Any {
			// An interface type takes no part in generic conversions: adapt the codec.
			//	func(d *provider.Decoder, v resource.PropertyValue) Doc { return provider.Any(d, v) }
			return jen.Func().Params(jen.Id("d").Op("*").Add(rt("Decoder")), jen.Id("v").Qual(resourcePath, "PropertyValue")).
				Add(as).Block(jen.Return(rt("Any").Call(jen.Id("d"), jen.Id("v"))))
		}
		return g.decoderAs(t.Alias.Type, as)
	case schema.Array:
		return rt("ArrayOf").Types(as).Call(g.decoder(t.Elem))
	case schema.Map:
		if t.Key.Kind == schema.EnumRef {
			return rt("EnumMapOf").Types(as).Call(g.decoder(t.Elem))
		}
		return rt("MapOf").Types(as).Call(g.decoder(t.Elem))
	}
	panic(fmt.Sprintf("gostub: unknown type kind %q", t.Kind))
}

// encoder is the expression of the encoder of t: a func(G) resource.PropertyValue.
func (g *moduleGen) encoder(t *schema.Type) *jen.Statement {
	return g.encoderAs(t, g.goType(t))
}

// encoderAs is the encoder of t taking the Go type as, which is goType(t) or an alias of it.
func (g *moduleGen) encoderAs(t *schema.Type, as jen.Code) *jen.Statement {
	switch t.Kind {
	case schema.Bool, schema.Number, schema.String:
		return rt(primitiveCodecs[t.Kind][1]).Types(as)
	case schema.Any:
		return rt("AnyValue")
	case schema.Asset:
		return rt("AssetValue")
	case schema.Archive:
		return rt("ArchiveValue")
	case schema.AnyResource, schema.Capability:
		return rt("RefValue")
	case schema.StructRef:
		return jen.Qual(modulePath(g.root, t.Struct.Module()), "Marshal"+t.Struct.Name)
	case schema.EnumRef:
		return rt("StringValue").Types(as)
	case schema.AliasRef:
		if t.Alias.Type.Kind == schema.Any {
			//	func(x Doc) resource.PropertyValue { return provider.AnyValue(x) }
			return jen.Func().Params(jen.Id("x").Add(as)).Qual(resourcePath, "PropertyValue").
				Block(jen.Return(rt("AnyValue").Call(jen.Id("x"))))
		}
		return g.encoderAs(t.Alias.Type, as)
	case schema.Array:
		return rt("ArrayValueOf").Types(as).Call(g.encoder(t.Elem))
	case schema.Map:
		return rt("MapValueOf").Types(as).Call(g.encoder(t.Elem))
	}
	panic(fmt.Sprintf("gostub: unknown type kind %q", t.Kind))
}
