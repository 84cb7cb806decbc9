package provider

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/archive"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/asset"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"

	"github.com/cidlc/cidlc/idl/contract"
)

// The decoders below have the shape func(*Decoder, resource.PropertyValue) T that Required, Optional,
// Output, ArrayOf and MapOf take, so that generated code composes them to the shape of any IDL type:
//
//	obj.Tags = provider.Optional(o, "tags", provider.MapOf[acme.Tags](provider.String[string]))
//
// A decoder that finds a problem records it and returns what it has (often the zero value): the caller
// keeps going, so that one Check reports every problem. A value that is not known yet decodes as the
// zero value and is no problem.

// String decodes a string, or a value of a string-based IDL type (an alias).
func String[S ~string](d *Decoder, v resource.PropertyValue) S {
	s, _ := str(d, v)
	return S(s)
}

func str(d *Decoder, v resource.PropertyValue) (string, bool) {
	v, ok := d.known(v)
	if !ok {
		return "", false
	}
	if !v.IsString() {
		d.wrongType("a string", v)
		return "", false
	}
	return v.StringValue(), true
}

// Number decodes a number, or a value of a float64-based alias.
func Number[N ~float64](d *Decoder, v resource.PropertyValue) N {
	f, _ := number(d, v, "a number")
	return N(f)
}

// number decodes a number, want naming what it must be for messages, and reports whether it was one.
func number(d *Decoder, v resource.PropertyValue, want string) (float64, bool) {
	v, ok := d.known(v)
	if !ok {
		return 0, false
	}
	if !v.IsNumber() {
		d.wrongType(want, v)
		return 0, false
	}
	return v.NumberValue(), true
}

// Integer decodes an int, or a value of an int-based alias: a number that is whole and within
// ±contract.MaxSafeInteger, the integers a number on the wire holds exactly.
func Integer[N ~int](d *Decoder, v resource.PropertyValue) N {
	return N(integer(d, v, 0))
}

// Int32 decodes an int32, or a value of an int32-based alias: a whole number within int32's range.
func Int32[N ~int32](d *Decoder, v resource.PropertyValue) N {
	return N(integer(d, v, 32))
}

// integer decodes a number that must be an integer of bits (see contract.Integer); 0 when it is not.
func integer(d *Decoder, v resource.PropertyValue, bits int) int64 {
	f, ok := number(d, v, "an integer")
	if !ok {
		return 0
	}
	if msg := contract.Integer(f, bits, d.inSecret()); msg != "" {
		d.unreadable++
		d.fail(msg)
		return 0
	}
	return int64(f)
}

// Bool decodes a bool, or a value of a bool-based alias.
func Bool[B ~bool](d *Decoder, v resource.PropertyValue) B {
	v, ok := d.known(v)
	if !ok {
		return false
	}
	if !v.IsBool() {
		d.wrongType("a bool", v)
		return false
	}
	return B(v.BoolValue())
}

// An EnumType is a generated enum: a string type that knows its values.
type EnumType[E any] interface {
	~string
	// Valid reports whether the value is one of the enum's values.
	Valid() bool
	// Values returns the enum's values in declaration order.
	Values() []E
}

// Enum decodes a value of an enum, which must be one of its values.
func Enum[E EnumType[E]](d *Decoder, v resource.PropertyValue) E {
	s, ok := str(d, v)
	e := E(s)
	if ok && !e.Valid() {
		shown := strconv.Quote(s)
		if d.inSecret() {
			shown = "the secret value"
		}
		d.fail(fmt.Sprintf("%s is not a valid %s; want one of %s", shown, typeName(e), quoteAll(e.Values())))
	}
	return e
}

// Any decodes an arbitrary JSON-like value: nil, bool, float64, string, []any, map[string]any, and,
// inside them, *asset.Asset, *archive.Archive and Ref. Secrets inside it are unwrapped.
func Any(d *Decoder, v resource.PropertyValue) any {
	v, ok := d.known(v)
	if !ok {
		return nil
	}
	switch {
	case v.IsBool():
		return v.BoolValue()
	case v.IsNumber():
		return v.NumberValue()
	case v.IsString():
		return v.StringValue()
	case v.IsArray():
		a := v.ArrayValue()
		out := make([]any, len(a))
		for i, e := range a {
			d.pushIndex(i)
			out[i] = Any(d, e)
			d.pop()
		}
		return out
	case v.IsObject():
		m := v.ObjectValue()
		out := make(map[string]any, len(m))
		for k, e := range m {
			d.pushKey(k)
			out[string(k)] = Any(d, e)
			d.pop()
		}
		return out
	case v.IsAsset():
		return v.AssetValue()
	case v.IsArchive():
		return v.ArchiveValue()
	case v.IsResourceReference():
		return refOf(d, v.ResourceReferenceValue(), "")
	}
	return nil
}

// Asset decodes an asset.
func Asset(d *Decoder, v resource.PropertyValue) *asset.Asset {
	v, ok := d.known(v)
	if !ok {
		return nil
	}
	if !v.IsAsset() {
		d.wrongType("an asset", v)
		return nil
	}
	return v.AssetValue()
}

// Archive decodes an archive.
func Archive(d *Decoder, v resource.PropertyValue) *archive.Archive {
	v, ok := d.known(v)
	if !ok {
		return nil
	}
	if !v.IsArchive() {
		d.wrongType("an archive", v)
		return nil
	}
	return v.ArchiveValue()
}

// RefTo returns the decoder of a capability: a reference to a resource of type t.
func RefTo(t tokens.Type) func(*Decoder, resource.PropertyValue) Ref {
	return func(d *Decoder, v resource.PropertyValue) Ref { return ref(d, v, t) }
}

// AnyRef decodes a reference to a resource of any type (*idl.Resource).
func AnyRef(d *Decoder, v resource.PropertyValue) Ref {
	return ref(d, v, "")
}

// ref decodes a reference to a resource of type want ("" for any). Besides a resource reference, it
// takes a bare string, as engines that do not send references pass them: a URN, or else an ID.
func ref(d *Decoder, v resource.PropertyValue, want tokens.Type) Ref {
	v, ok := d.known(v)
	if !ok {
		return Ref{}
	}
	switch {
	case v.IsResourceReference():
		return refOf(d, v.ResourceReferenceValue(), want)
	case v.IsString():
		s := v.StringValue()
		if u := resource.URN(s); u.IsValid() {
			checkRefType(d, u, want)
			return Ref{URN: u}
		}
		return Ref{ID: resource.ID(s)}
	}
	d.wrongType("a resource reference", v)
	return Ref{}
}

func refOf(d *Decoder, rr resource.ResourceReference, want tokens.Type) Ref {
	r := Ref{URN: rr.URN}
	switch {
	case rr.ID.IsComputed():
		d.unknown = true
	case rr.ID.IsString():
		r.ID = resource.ID(rr.ID.StringValue())
	}
	checkRefType(d, rr.URN, want)
	return r
}

func checkRefType(d *Decoder, u resource.URN, want tokens.Type) {
	if want != "" && u.IsValid() && u.Type() != want {
		d.fail(fmt.Sprintf("want a reference to a resource of type %s, got one of type %s", want, u.Type()))
	}
}

// ArrayOf returns the decoder of an array whose elements elem decodes. S is the Go type of the result:
// []E, or an alias of it.
func ArrayOf[S ~[]E, E any](elem func(*Decoder, resource.PropertyValue) E) func(*Decoder, resource.PropertyValue) S {
	return func(d *Decoder, v resource.PropertyValue) S {
		v, ok := d.known(v)
		if !ok {
			return nil
		}
		if !v.IsArray() {
			d.wrongType("an array", v)
			return nil
		}
		a := v.ArrayValue()
		s := make(S, len(a))
		for i, e := range a {
			d.pushIndex(i)
			s[i] = elem(d, e)
			d.pop()
		}
		return s
	}
}

// MapOf returns the decoder of a map whose values elem decodes. M is the Go type of the result:
// map[K]E, or an alias of it.
func MapOf[M ~map[K]E, K ~string, E any](elem func(*Decoder, resource.PropertyValue) E) func(*Decoder, resource.PropertyValue) M {
	return func(d *Decoder, v resource.PropertyValue) M {
		return mapOf[M](d, v, elem, func(K) bool { return true })
	}
}

// EnumMapOf is MapOf for maps keyed by an enum: every key must be one of its values.
func EnumMapOf[M ~map[K]E, K EnumType[K], E any](elem func(*Decoder, resource.PropertyValue) E) func(*Decoder, resource.PropertyValue) M {
	return func(d *Decoder, v resource.PropertyValue) M {
		return mapOf[M](d, v, elem, K.Valid)
	}
}

func mapOf[M ~map[K]E, K ~string, E any](d *Decoder, v resource.PropertyValue, elem func(*Decoder, resource.PropertyValue) E, valid func(K) bool) M {
	v, ok := d.known(v)
	if !ok {
		return nil
	}
	if !v.IsObject() {
		d.wrongType("an object", v)
		return nil
	}
	obj := v.ObjectValue()
	m := make(M, len(obj))
	for k, e := range obj {
		key := K(k)
		d.pushKey(k)
		if !valid(key) {
			d.fail(fmt.Sprintf("%q is not a valid %s key", string(k), typeName(key)))
		}
		m[key] = elem(d, e)
		d.pop()
	}
	return m
}

// typeName is the unqualified name of v's type, for messages.
func typeName(v any) string {
	s := fmt.Sprintf("%T", v)
	return s[strings.LastIndexByte(s, '.')+1:]
}

func quoteAll[S ~string](values []S) string {
	q := make([]string, len(values))
	for i, v := range values {
		q[i] = fmt.Sprintf("%q", string(v))
	}
	return strings.Join(q, ", ")
}
