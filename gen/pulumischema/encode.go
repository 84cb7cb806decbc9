package pulumischema

import (
	"bytes"
	"encoding/json"
)

// The schema's entries — a type, a resource, a function each, thousands in a large provider — are
// encoded by the functions below, as encoding/json would encode them (compact, HTML left unescaped,
// struct fields in order, embedded structs' fields in their place, omitempty, map keys sorted): by
// reflection, encoding/json took most of the schema's CPU at 10,000 resources. The package's head,
// written once, stays with encoding/json, and so does what is rare and varied: a property's default
// value, and any string that holds a byte JSON must escape or that is not ASCII.
// TestEncodedAsEncodingJSON holds these functions to encoding/json's output for every kind of value.

// appendEntry appends the compact JSON of an entry's value.
func appendEntry(b []byte, v any) ([]byte, error) {
	switch v := v.(type) {
	case *resourceJSON:
		return appendResource(b, v)
	case *complexJSON:
		return appendComplex(b, v)
	case *functionJSON:
		return appendFunction(b, v)
	}
	return appendEncoded(b, v)
}

// appendEncoded appends v as encoding/json encodes it, compact, HTML left unescaped.
func appendEncoded(b []byte, v any) ([]byte, error) {
	buf := bytes.NewBuffer(b)
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// An object appends the members of a JSON object, each after a comma but the first.
type object struct {
	b     []byte
	empty bool
}

func openObject(b []byte) object { return object{b: append(b, '{'), empty: true} }

// key starts the member k.
func (o *object) key(k string) {
	if !o.empty {
		o.b = append(o.b, ',')
	}
	o.empty = false
	o.b = appendString(o.b, k)
	o.b = append(o.b, ':')
}

// str adds the member k when s is not empty (omitempty).
func (o *object) str(k, s string) {
	if s != "" {
		o.key(k)
		o.b = appendString(o.b, s)
	}
}

// flag adds the member k when set is (omitempty).
func (o *object) flag(k string, set bool) {
	if set {
		o.key(k)
		o.b = append(o.b, "true"...)
	}
}

// strings adds the member k when list is not empty (omitempty).
func (o *object) strings(k string, list []string) {
	if len(list) > 0 {
		o.key(k)
		o.b = appendStrings(o.b, list)
	}
}

func (o *object) close() []byte { return append(o.b, '}') }

func appendStrings(b []byte, list []string) []byte {
	if list == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, s)
	}
	return append(b, ']')
}

// appendString appends s as a JSON string: as it is, quoted, when it is printable ASCII without a quote
// or a backslash — a schema's tokens, names and most descriptions —, else as encoding/json escapes it.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			encoded, _ := appendEncoded(b, s) // a string always encodes
			return encoded
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

func (o *object) typeMembers(t *typeJSON) {
	o.str("type", t.Type)
	o.str("$ref", t.Ref)
	o.typeMember("additionalProperties", t.AdditionalProperties)
	o.typeMember("items", t.Items)
}

// typeMember adds the member k, a type, when t is not nil (omitempty).
func (o *object) typeMember(k string, t *typeJSON) {
	if t != nil {
		o.key(k)
		inner := openObject(o.b)
		inner.typeMembers(t)
		o.b = inner.close()
	}
}

func appendProperty(b []byte, p *propertyJSON) ([]byte, error) {
	o := openObject(b)
	o.typeMembers(&p.typeJSON)
	o.str("description", p.Description)
	if p.Default != nil {
		o.key("default")
		var err error
		if o.b, err = appendEncoded(o.b, p.Default); err != nil {
			return nil, err
		}
	}
	if p.DefaultInfo != nil {
		o.key("defaultInfo")
		info := openObject(o.b)
		info.key("environment")
		info.b = appendStrings(info.b, p.DefaultInfo.Environment)
		o.b = info.close()
	}
	o.str("deprecationMessage", p.DeprecationMessage)
	o.flag("secret", p.Secret)
	o.flag("replaceOnChanges", p.ReplaceOnChanges)
	return o.close(), nil
}

// properties adds the member k, an object of properties, when there are any (omitempty).
func (o *object) properties(k string, props propertiesJSON) error {
	if len(props) == 0 {
		return nil
	}
	o.key(k)
	inner := openObject(o.b)
	for _, p := range props {
		inner.key(p.name)
		var err error
		if inner.b, err = appendProperty(inner.b, p); err != nil {
			return err
		}
	}
	o.b = inner.close()
	return nil
}

func (o *object) objectMembers(obj *objectJSON) error {
	o.str("description", obj.Description)
	if err := o.properties("properties", obj.Properties); err != nil {
		return err
	}
	o.str("type", obj.Type)
	o.strings("required", obj.Required)
	return nil
}

func appendObject(b []byte, obj *objectJSON) ([]byte, error) {
	if obj == nil {
		return append(b, "null"...), nil
	}
	o := openObject(b)
	if err := o.objectMembers(obj); err != nil {
		return nil, err
	}
	return o.close(), nil
}

func appendComplex(b []byte, t *complexJSON) ([]byte, error) {
	o := openObject(b)
	if err := o.objectMembers(&t.objectJSON); err != nil {
		return nil, err
	}
	if len(t.Enum) > 0 {
		o.key("enum")
		o.b = append(o.b, '[')
		for i, v := range t.Enum {
			if i > 0 {
				o.b = append(o.b, ',')
			}
			value := openObject(o.b)
			value.str("name", v.Name)
			value.str("description", v.Description)
			value.key("value")
			value.b = appendString(value.b, v.Value)
			o.b = value.close()
		}
		o.b = append(o.b, ']')
	}
	return o.close(), nil
}

func appendFunction(b []byte, fn *functionJSON) ([]byte, error) {
	o := openObject(b)
	o.str("description", fn.Description)
	var err error
	if fn.Inputs != nil {
		o.key("inputs")
		if o.b, err = appendObject(o.b, fn.Inputs); err != nil {
			return nil, err
		}
	}
	o.key("outputs")
	if o.b, err = appendObject(o.b, fn.Outputs); err != nil {
		return nil, err
	}
	return o.close(), nil
}

func appendResource(b []byte, r *resourceJSON) ([]byte, error) {
	o := openObject(b)
	if err := o.objectMembers(&r.objectJSON); err != nil {
		return nil, err
	}
	if err := o.properties("inputProperties", r.InputProperties); err != nil {
		return nil, err
	}
	o.strings("requiredInputs", r.RequiredInputs)
	if r.StateInputs != nil {
		o.key("stateInputs")
		var err error
		if o.b, err = appendObject(o.b, r.StateInputs); err != nil {
			return nil, err
		}
	}
	if len(r.Aliases) > 0 {
		o.key("aliases")
		o.b = append(o.b, '[')
		for i, a := range r.Aliases {
			if i > 0 {
				o.b = append(o.b, ',')
			}
			alias := openObject(o.b)
			alias.key("type")
			alias.b = appendString(alias.b, a.Type)
			o.b = alias.close()
		}
		o.b = append(o.b, ']')
	}
	return o.close(), nil
}
