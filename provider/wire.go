package provider

import (
	"encoding/base64"
	"fmt"
	"maps"
	"slices"
	"unicode/utf8"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/archive"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/asset"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"google.golang.org/protobuf/types/known/structpb"
)

// How property maps cross the RPC boundary. The SDK's plugin.MarshalProperties and
// plugin.UnmarshalProperties do this, but they log every property they touch at verbosity 9
// ("Unmarshaling property for RPC[new inputs]: value=…"), and a secret's value is logged in plain text
// there: as the "value" member of the secret's wire object, before the SDK knows it is a secret, and
// inside any object that a secret holds. A plugin that the engine starts with -v=9 (what --logflow
// passes, and what users attach to bug reports) would print every secret it is given. So the runtime
// marshals with the code below, which is the SDK's, for the options the runtime uses (see wire), without
// the logging: FuzzWire checks that both give the same property maps and the same wire values.
//
// The options are fixed: unknown values, secrets and resource references are kept as such (Configure
// tells the engine that the provider accepts them), nulls are dropped (for the IDL, a null property is
// an absent one), output values are taken apart into their value, unknown and secret, and assets are
// taken as they come (no hashes computed, no contents elided). With plain, secrets are unwrapped as
// they are read.

// wire is the SDK's name for those options, for the tests that compare the two codecs and for the
// test drivers that stand in for the engine.
var wire = plugin.MarshalOptions{KeepUnknowns: true, KeepSecrets: true, KeepResources: true, SkipNulls: true}

// unmarshalProperties reads a property map from the wire.
func unmarshalProperties(s *structpb.Struct, plain bool) (resource.PropertyMap, error) {
	result := make(resource.PropertyMap)
	// In order, so that the first error is always the same one.
	for _, key := range slices.Sorted(maps.Keys(s.GetFields())) {
		v, err := unmarshalValue(resource.PropertyKey(key), s.Fields[key], plain)
		if err != nil {
			return nil, err
		}
		if v != nil && !v.IsNull() {
			result[resource.PropertyKey(key)] = *v
		}
	}
	return result, nil
}

// unmarshalValue reads one property value; nil when there is none (never, with the runtime's options,
// but for a kind of value that protobuf does not define).
func unmarshalValue(key resource.PropertyKey, v *structpb.Value, plain bool) (*resource.PropertyValue, error) {
	switch v.GetKind().(type) {
	case *structpb.Value_NullValue:
		return ptr(resource.NewNullProperty()), nil
	case *structpb.Value_BoolValue:
		return ptr(resource.NewProperty(v.GetBoolValue())), nil
	case *structpb.Value_NumberValue:
		return ptr(resource.NewProperty(v.GetNumberValue())), nil
	case *structpb.Value_StringValue:
		s := v.GetStringValue()
		if unknown, ok := unknownValue(s); ok {
			return &unknown, nil
		}
		return ptr(resource.NewProperty(s)), nil
	case *structpb.Value_ListValue:
		values := v.GetListValue().GetValues()
		elems := make([]resource.PropertyValue, len(values))
		for i, elem := range values {
			e, err := unmarshalValue(key, elem, plain)
			if err != nil {
				return nil, err
			}
			if e != nil {
				elems[i] = *e
			}
		}
		return ptr(resource.NewProperty(elems)), nil
	case *structpb.Value_StructValue:
		obj, err := unmarshalProperties(v.GetStructValue(), plain)
		if err != nil {
			return nil, err
		}
		return unmarshalObject(key, obj, plain)
	}
	return nil, fmt.Errorf("unrecognized structpb value kind for %q: %T", key, v.GetKind())
}

// unmarshalObject returns the value an object of the wire holds: itself, or, when it has a signature,
// the asset, archive, secret, resource reference or output value it stands for.
func unmarshalObject(key resource.PropertyKey, obj resource.PropertyMap, plain bool) (*resource.PropertyValue, error) {
	objmap := obj.Mappable()
	signature, hasSig := objmap[string(resource.SigKey)]
	if !hasSig {
		return ptr(resource.NewProperty(obj)), nil
	}
	switch signature {
	case asset.AssetSig:
		a, _, err := asset.Deserialize(objmap)
		if err != nil {
			return nil, err
		}
		return ptr(resource.NewProperty(a)), nil
	case archive.ArchiveSig:
		a, _, err := archive.Deserialize(objmap)
		if err != nil {
			return nil, err
		}
		return ptr(resource.NewProperty(a)), nil
	case resource.SecretSig:
		value, ok := obj["value"]
		if !ok {
			return nil, fmt.Errorf("malformed RPC secret: missing value for %q", key)
		}
		return secretValue(value, plain), nil
	case resource.ByteStringSig:
		value, ok := obj["value"]
		if !ok {
			return nil, fmt.Errorf("malformed byte string for %q: missing value", key)
		}
		if !value.IsString() {
			return nil, fmt.Errorf("malformed byte string for %q: value is not a string", key)
		}
		decoded, err := base64.StdEncoding.DecodeString(value.StringValue())
		if err != nil {
			return nil, fmt.Errorf("malformed byte string for %q: value is not valid base64: %w", key, err)
		}
		return ptr(resource.NewProperty(string(decoded))), nil
	case resource.ResourceReferenceSig:
		return unmarshalReference(key, obj)
	case resource.OutputValueSig:
		value, known := obj["value"]
		secret := false
		if p, ok := obj["secret"]; ok {
			if !p.IsBool() {
				return nil, fmt.Errorf("malformed output value for %q: secret not a bool", key)
			}
			secret = p.BoolValue()
		}
		result := &value
		if !known {
			result = ptr(resource.MakeComputed(resource.NewProperty("")))
		}
		if secret {
			result = secretValue(*result, plain)
		}
		return result, nil
	}
	return nil, fmt.Errorf("unrecognized signature '%v' in property map for %q", signature, key)
}

// unmarshalReference reads a resource reference from its wire object.
func unmarshalReference(key resource.PropertyKey, obj resource.PropertyMap) (*resource.PropertyValue, error) {
	text := func(name resource.PropertyKey) (string, bool, error) {
		p, ok := obj[name]
		if !ok {
			return "", false, nil
		}
		if !p.IsString() {
			return "", true, fmt.Errorf("malformed resource reference for %q: %s not a string", key, name)
		}
		return p.StringValue(), true, nil
	}
	urn, hasURN, err := text("urn")
	if !hasURN {
		return nil, fmt.Errorf("malformed resource reference for %q: missing urn", key)
	}
	if err != nil {
		return nil, err
	}
	name, _, err := text("name")
	if err != nil {
		return nil, err
	}
	typ, _, err := text("type")
	if err != nil {
		return nil, err
	}
	id, hasID := "", false
	if p, ok := obj["id"]; ok {
		hasID = true
		switch {
		case p.IsString():
			id = p.StringValue()
		case p.IsComputed():
			// An ID not known yet: empty.
		case p.IsOutput():
			if o := p.OutputValue(); o.Known {
				if !o.Element.IsString() {
					return nil, fmt.Errorf("malformed resource reference for %q: id not a string", key)
				}
				id = o.Element.StringValue()
			}
		default:
			return nil, fmt.Errorf("malformed resource reference for %q: id not a string", key)
		}
	}
	packageVersion, _, err := text("packageVersion")
	if err != nil {
		return nil, err
	}
	u := resource.URN(urn)
	if name == "" && u.IsValid() {
		name = u.Name()
	}
	if typ == "" && u.IsValid() {
		typ = string(u.Type())
	}
	var refID resource.PropertyValue
	if hasID {
		refID = resource.NewProperty(id)
		if id == "" {
			refID = resource.MakeComputed(resource.NewProperty(""))
		}
	}
	return ptr(resource.NewProperty(resource.ResourceReference{
		URN: u, Name: name, Type: typ, ID: refID, PackageVersion: packageVersion,
	})), nil
}

// secretValue is v as a secret, or v itself when secrets are read plain.
func secretValue(v resource.PropertyValue, plain bool) *resource.PropertyValue {
	if plain {
		return &v
	}
	return ptr(resource.MakeSecret(v))
}

// unknownValue returns the unknown value that the sentinel s stands for, if it is one.
func unknownValue(s string) (resource.PropertyValue, bool) {
	var elem resource.PropertyValue
	switch s {
	case plugin.UnknownBoolValue:
		elem = resource.NewProperty(false)
	case plugin.UnknownNumberValue:
		elem = resource.NewProperty(0.0)
	case plugin.UnknownStringValue:
		elem = resource.NewProperty("")
	case plugin.UnknownArrayValue:
		elem = resource.NewProperty([]resource.PropertyValue{})
	case plugin.UnknownAssetValue:
		elem = resource.NewProperty(&asset.Asset{})
	case plugin.UnknownArchiveValue:
		elem = resource.NewProperty(&archive.Archive{})
	case plugin.UnknownObjectValue:
		elem = resource.NewProperty(make(resource.PropertyMap))
	default:
		return resource.PropertyValue{}, false
	}
	return resource.NewProperty(resource.Computed{Element: elem}), true
}

// marshalProperties writes a property map to the wire.
func marshalProperties(m resource.PropertyMap) (*structpb.Struct, error) {
	fields := make(map[string]*structpb.Value, len(m))
	for _, key := range m.StableKeys() {
		v := m[key]
		if v.IsNull() {
			continue
		}
		w, err := marshalValue(key, v)
		if err != nil {
			return nil, err
		}
		fields[string(key)] = w
	}
	return &structpb.Struct{Fields: fields}, nil
}

// marshalValue writes one property value.
func marshalValue(key resource.PropertyKey, v resource.PropertyValue) (*structpb.Value, error) {
	switch {
	case v.IsNull():
		return structpb.NewNullValue(), nil
	case v.IsBool():
		return structpb.NewBoolValue(v.BoolValue()), nil
	case v.IsNumber():
		return structpb.NewNumberValue(v.NumberValue()), nil
	case v.IsString():
		s := v.StringValue()
		if !utf8.ValidString(s) {
			return nil, fmt.Errorf("the value of property %q is a string that contains non-UTF8 bytes, which the receiver does not support", key)
		}
		return structpb.NewStringValue(s), nil
	case v.IsArray():
		elems := make([]*structpb.Value, 0, len(v.ArrayValue()))
		for _, elem := range v.ArrayValue() {
			e, err := marshalValue(key, elem)
			if err != nil {
				return nil, err
			}
			elems = append(elems, e)
		}
		return structpb.NewListValue(&structpb.ListValue{Values: elems}), nil
	case v.IsAsset():
		return marshalObject(key, resource.NewPropertyMapFromMap(v.AssetValue().Serialize()))
	case v.IsArchive():
		return marshalObject(key, resource.NewPropertyMapFromMap(v.ArchiveValue().Serialize()))
	case v.IsObject():
		return marshalObject(key, v.ObjectValue())
	case v.IsComputed():
		return unknownSentinel(v.Input().Element), nil
	case v.IsOutput():
		o := v.OutputValue()
		result := o.Element
		if !o.Known {
			result = resource.MakeComputed(resource.NewProperty(""))
		}
		if o.Secret {
			result = resource.MakeSecret(result)
		}
		return marshalValue(key, result)
	case v.IsSecret():
		return marshalObject(key, resource.PropertyMap{
			resource.SigKey: resource.NewProperty(resource.SecretSig),
			"value":         v.SecretValue().Element,
		})
	case v.IsResourceReference():
		ref := v.ResourceReferenceValue()
		m := resource.PropertyMap{
			resource.SigKey: resource.NewProperty(resource.ResourceReferenceSig),
			"urn":           resource.NewProperty(string(ref.URN)),
		}
		if ref.Name != "" {
			m["name"] = resource.NewProperty(ref.Name)
		}
		if ref.Type != "" {
			m["type"] = resource.NewProperty(ref.Type)
		}
		if id, hasID := ref.IDString(); hasID {
			m["id"] = resource.NewProperty(id)
		}
		if ref.PackageVersion != "" {
			m["packageVersion"] = resource.NewProperty(ref.PackageVersion)
		}
		return marshalObject(key, m)
	}
	return nil, fmt.Errorf("unrecognized property value for %q: %T", key, v.V)
}

func marshalObject(_ resource.PropertyKey, m resource.PropertyMap) (*structpb.Value, error) {
	s, err := marshalProperties(m)
	if err != nil {
		return nil, err
	}
	return structpb.NewStructValue(s), nil
}

// unknownSentinel is the wire's way to say that a value of elem's kind is not known yet.
func unknownSentinel(elem resource.PropertyValue) *structpb.Value {
	switch {
	case elem.IsBool():
		return structpb.NewStringValue(plugin.UnknownBoolValue)
	case elem.IsNumber():
		return structpb.NewStringValue(plugin.UnknownNumberValue)
	case elem.IsString():
		return structpb.NewStringValue(plugin.UnknownStringValue)
	case elem.IsArray():
		return structpb.NewStringValue(plugin.UnknownArrayValue)
	case elem.IsAsset():
		return structpb.NewStringValue(plugin.UnknownAssetValue)
	case elem.IsArchive():
		return structpb.NewStringValue(plugin.UnknownArchiveValue)
	case elem.IsObject():
		return structpb.NewStringValue(plugin.UnknownObjectValue)
	case elem.IsComputed():
		return unknownSentinel(elem.Input().Element)
	case elem.IsOutput():
		return unknownSentinel(elem.OutputValue().Element)
	}
	return structpb.NewNullValue()
}

func ptr[T any](v T) *T { return &v }
