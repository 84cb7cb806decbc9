package provider

import (
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/archive"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/asset"
)

// The encoders below have the shape func(T) resource.PropertyValue that Put, PutOptional, ArrayValueOf
// and MapValueOf take; generated code composes them to the shape of any IDL type:
//
//	provider.PutOptional(m, "tags", obj.Tags, provider.MapValueOf[acme.Tags](provider.StringValue[string]))

// Put sets m[key] to x encoded by enc, unless that is null: a nil asset, archive or any is absent.
func Put[T any](m resource.PropertyMap, key resource.PropertyKey, x T, enc func(T) resource.PropertyValue) {
	if v := enc(x); !v.IsNull() {
		m[key] = v
	}
}

// PutOptional sets m[key] to *x encoded by enc, unless x is nil.
func PutOptional[T any](m resource.PropertyMap, key resource.PropertyKey, x *T, enc func(T) resource.PropertyValue) {
	if x != nil {
		Put(m, key, *x, enc)
	}
}

// StringValue encodes a string or a value of a string-based type.
func StringValue[S ~string](s S) resource.PropertyValue { return resource.NewProperty(string(s)) }

// NumberValue encodes a number or a value of a float64-based type.
func NumberValue[N ~float64](n N) resource.PropertyValue { return resource.NewProperty(float64(n)) }

// IntegerValue encodes an integer (int or int32) or a value of an integer-based type.
func IntegerValue[N ~int | ~int32](n N) resource.PropertyValue {
	return resource.NewProperty(float64(n))
}

// BoolValue encodes a bool or a value of a bool-based type.
func BoolValue[B ~bool](b B) resource.PropertyValue { return resource.NewProperty(bool(b)) }

// AssetValue encodes an asset; nil is null.
func AssetValue(a *asset.Asset) resource.PropertyValue {
	if a == nil {
		return resource.NewNullProperty()
	}
	return resource.NewProperty(a)
}

// ArchiveValue encodes an archive; nil is null.
func ArchiveValue(a *archive.Archive) resource.PropertyValue {
	if a == nil {
		return resource.NewNullProperty()
	}
	return resource.NewProperty(a)
}

// RefValue encodes a reference to a resource: a resource reference when its URN is known, else its ID.
func RefValue(r Ref) resource.PropertyValue {
	switch {
	case r.URN != "":
		return resource.MakeCustomResourceReference(r.URN, r.ID, "")
	case r.ID != "":
		return resource.NewProperty(string(r.ID))
	}
	return resource.NewNullProperty()
}

// AnyValue encodes an arbitrary JSON-like value, as Any decodes it. Other Go values (structs, typed
// slices and maps) that an author may put in an `any` property go through the SDK's reflection-based
// conversion.
func AnyValue(x any) resource.PropertyValue {
	switch x := x.(type) {
	case nil:
		return resource.NewNullProperty()
	case bool:
		return resource.NewProperty(x)
	case float64:
		return resource.NewProperty(x)
	case int:
		return resource.NewProperty(float64(x))
	case string:
		return resource.NewProperty(x)
	case []any:
		a := make([]resource.PropertyValue, len(x))
		for i, e := range x {
			a[i] = AnyValue(e)
		}
		return resource.NewProperty(a)
	case map[string]any:
		m := make(resource.PropertyMap, len(x))
		for k, e := range x {
			m[resource.PropertyKey(k)] = AnyValue(e)
		}
		return resource.NewProperty(m)
	case *asset.Asset:
		return AssetValue(x)
	case *archive.Archive:
		return ArchiveValue(x)
	case Ref:
		return RefValue(x)
	case resource.PropertyValue:
		return x
	}
	return resource.NewPropertyValue(x)
}

// ArrayValueOf returns the encoder of an array whose elements elem encodes.
func ArrayValueOf[S ~[]E, E any](elem func(E) resource.PropertyValue) func(S) resource.PropertyValue {
	return func(s S) resource.PropertyValue {
		a := make([]resource.PropertyValue, len(s))
		for i, e := range s {
			a[i] = elem(e)
		}
		return resource.NewProperty(a)
	}
}

// MapValueOf returns the encoder of a map whose values elem encodes.
func MapValueOf[M ~map[K]E, K ~string, E any](elem func(E) resource.PropertyValue) func(M) resource.PropertyValue {
	return func(m M) resource.PropertyValue {
		obj := make(resource.PropertyMap, len(m))
		for k, e := range m {
			obj[resource.PropertyKey(k)] = elem(e)
		}
		return resource.NewProperty(obj)
	}
}
