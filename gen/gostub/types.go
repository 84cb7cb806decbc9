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

// declRef refers to a declaration of the IDL, from the stubs of any package.
func (g *packageGen) declRef(d *model.Decl) *jen.Statement {
	return jen.Qual(packageImportPath(g.root, d.Package()), d.Name)
}

func rt(name string) *jen.Statement { return jen.Qual(runtimePath, name) }

// goType is the Go type of a value of type t.
func (g *packageGen) goType(t *model.Type) *jen.Statement {
	switch t.Kind {
	case model.Bool:
		return jen.Bool()
	case model.Number:
		return jen.Float64()
	case model.String:
		return jen.String()
	case model.Any:
		return jen.Any()
	case model.Asset:
		return jen.Op("*").Qual(assetPath, "Asset")
	case model.Archive:
		return jen.Op("*").Qual(archivePath, "Archive")
	case model.AnyResource, model.Capability:
		return rt("Ref")
	case model.StructRef:
		return g.declRef(&t.Struct.Decl)
	case model.EnumRef:
		return g.declRef(&t.Enum.Decl)
	case model.AliasRef:
		return g.declRef(&t.Alias.Decl)
	case model.Array:
		return jen.Index().Add(g.goType(t.Elem))
	case model.Map:
		return jen.Map(g.goType(t.Key)).Add(g.goType(t.Elem))
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

// decoder is the expression of the decoder of t: a func(*provider.Decoder, resource.PropertyValue) G
// where G is goType(t).
func (g *packageGen) decoder(t *model.Type) *jen.Statement {
	return g.decoderAs(t, g.goType(t))
}

// decoderAs is the decoder of t yielding the Go type as, which is goType(t) or an alias of it.
func (g *packageGen) decoderAs(t *model.Type, as jen.Code) *jen.Statement {
	switch t.Kind {
	case model.Bool, model.Number, model.String:
		return rt(primitiveCodecs[t.Kind][0]).Types(as)
	case model.Any:
		return rt("Any")
	case model.Asset:
		return rt("Asset")
	case model.Archive:
		return rt("Archive")
	case model.AnyResource:
		return rt("AnyRef")
	case model.Capability:
		return rt("RefTo").Call(g.declRef(&t.Resource.Decl))
	case model.StructRef:
		return jen.Qual(packageImportPath(g.root, t.Struct.Package()), g.unmarshalName(t.Struct))
	case model.EnumRef:
		return rt("Enum").Types(as)
	case model.AliasRef:
		if t.Alias.Type.Kind == model.Any {
			// An interface type takes no part in generic conversions: adapt the codec.
			//	func(d *provider.Decoder, v resource.PropertyValue) Doc { return provider.Any(d, v) }
			return jen.Func().Params(jen.Id("d").Op("*").Add(rt("Decoder")), jen.Id("v").Qual(resourcePath, "PropertyValue")).
				Add(as).Block(jen.Return(rt("Any").Call(jen.Id("d"), jen.Id("v"))))
		}
		return g.decoderAs(t.Alias.Type, as)
	case model.Array:
		return rt("ArrayOf").Types(as).Call(g.decoder(t.Elem))
	case model.Map:
		if t.Key.Kind == model.EnumRef {
			return rt("EnumMapOf").Types(as).Call(g.decoder(t.Elem))
		}
		return rt("MapOf").Types(as).Call(g.decoder(t.Elem))
	}
	panic(fmt.Sprintf("gostub: unknown type kind %q", t.Kind))
}

// encoder is the expression of the encoder of t: a func(G) resource.PropertyValue.
func (g *packageGen) encoder(t *model.Type) *jen.Statement {
	return g.encoderAs(t, g.goType(t))
}

// encoderAs is the encoder of t taking the Go type as, which is goType(t) or an alias of it.
func (g *packageGen) encoderAs(t *model.Type, as jen.Code) *jen.Statement {
	switch t.Kind {
	case model.Bool, model.Number, model.String:
		return rt(primitiveCodecs[t.Kind][1]).Types(as)
	case model.Any:
		return rt("AnyValue")
	case model.Asset:
		return rt("AssetValue")
	case model.Archive:
		return rt("ArchiveValue")
	case model.AnyResource, model.Capability:
		return rt("RefValue")
	case model.StructRef:
		return jen.Qual(packageImportPath(g.root, t.Struct.Package()), g.marshalFuncName(t.Struct))
	case model.EnumRef:
		return rt("StringValue").Types(as)
	case model.AliasRef:
		if t.Alias.Type.Kind == model.Any {
			//	func(x Doc) resource.PropertyValue { return provider.AnyValue(x) }
			return jen.Func().Params(jen.Id("x").Add(as)).Qual(resourcePath, "PropertyValue").
				Block(jen.Return(rt("AnyValue").Call(jen.Id("x"))))
		}
		return g.encoderAs(t.Alias.Type, as)
	case model.Array:
		return rt("ArrayValueOf").Types(as).Call(g.encoder(t.Elem))
	case model.Map:
		return rt("MapValueOf").Types(as).Call(g.encoder(t.Elem))
	}
	panic(fmt.Sprintf("gostub: unknown type kind %q", t.Kind))
}
