package provider

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
)

// Mode says where the values a Decoder reads come from, and so which rules apply to them.
type Mode int

const (
	// Inputs are values a program wrote, as Check receives them. Every rule of the IDL applies: required
	// properties must be present, out properties absent, and every property must be one the type declares.
	Inputs Mode = iota
	// State are values that went through Check or came from the provider itself (outputs, checked
	// inputs). Only types are checked: an `in` property is missing from outputs, an out property from
	// inputs, and a property that a newer version of the provider removed may linger in old state.
	State
)

// CheckFailure is a problem with one property value.
type CheckFailure struct {
	// Property is the path of the value, as Pulumi writes property paths: `ingress[0].fromPort`,
	// `tags["team name"]`.
	Property string
	// Reason says what is wrong, without repeating the path.
	Reason string
}

// Failf returns the CheckFailure of the value at the path property, for a check hook.
func Failf(property, format string, args ...any) CheckFailure {
	return CheckFailure{Property: property, Reason: fmt.Sprintf(format, args...)}
}

// CheckError is the error of a decode that found problems. Check reports them one by one; the other
// operations, which only see values that passed Check, fail with this error.
type CheckError struct {
	Failures []CheckFailure
}

func (e *CheckError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d invalid propert%s: ", len(e.Failures), plural(len(e.Failures), "y", "ies"))
	for i, f := range e.Failures {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s: %s", f.Property, f.Reason)
	}
	return b.String()
}

// A Decoder reads property values into Go values for generated code, collecting a CheckFailure for every
// problem instead of stopping at the first: Check reports them all at once. It keeps the path of the
// value being read, so that generated code never builds paths; the path becomes a string only when
// something fails.
type Decoder struct {
	mode     Mode
	path     []step
	seen     []resource.PropertyKey // the present keys of the open objects, innermost last
	failures []CheckFailure
	unknown  bool
	// unreadable counts the failures that leave a value unread: of the wrong type, missing. (A value that
	// breaks a contract or a rule is read all the same.)
	unreadable int
}

// step is one element of a path: an array index, or a key when index is negative. secret notes that the
// value there was a secret, so that nothing below it is shown in a message.
type step struct {
	key    resource.PropertyKey
	index  int
	secret bool
}

// NewDecoder returns a Decoder for values of the given origin.
func NewDecoder(mode Mode) *Decoder {
	// Room for the paths and keys of usual resources, so that they are not grown key by key.
	return &Decoder{mode: mode, path: make([]step, 0, 8), seen: make([]resource.PropertyKey, 0, 32)}
}

// Failures returns the problems found so far, sorted by path so that map iteration order never shows.
func (d *Decoder) Failures() []CheckFailure {
	fs := slices.Clone(d.failures)
	slices.SortStableFunc(fs, func(a, b CheckFailure) int { return cmp.Compare(a.Property, b.Property) })
	return fs
}

// Err returns a *CheckError holding the failures, or nil if there are none.
func (d *Decoder) Err() error {
	if len(d.failures) == 0 {
		return nil
	}
	return &CheckError{Failures: d.Failures()}
}

// Unknown reports whether a value that is not known yet (a preview's computed value) was read. Such a
// value decodes as its type's zero value.
func (d *Decoder) Unknown() bool { return d.unknown }

func (d *Decoder) pushKey(k resource.PropertyKey) { d.path = append(d.path, step{key: k, index: -1}) }
func (d *Decoder) pushIndex(i int)                { d.path = append(d.path, step{index: i}) }
func (d *Decoder) pop()                           { d.path = d.path[:len(d.path)-1] }

// fail records a problem with the value at the current path.
func (d *Decoder) fail(reason string) {
	d.failures = append(d.failures, CheckFailure{Property: pathString(d.path), Reason: reason})
}

// pathString writes a path as Pulumi writes property paths (resource.PropertyPath), but for an empty
// key, which Pulumi's writer leaves out (a path that is nothing, or "tags." for a key of tags), and
// which is written [""].
func pathString(steps []step) string {
	var b strings.Builder
	for _, s := range steps {
		switch {
		case s.index >= 0:
			fmt.Fprintf(&b, "[%d]", s.index)
		case s.key == "":
			b.WriteString(`[""]`)
		default:
			key := resource.PropertyPath{string(s.key)}.String() // name, or ["a name"]
			if b.Len() > 0 && !strings.HasPrefix(key, "[") {
				b.WriteByte('.')
			}
			b.WriteString(key)
		}
	}
	return b.String()
}

// markSecret notes that the value at the current path is a secret.
func (d *Decoder) markSecret() {
	if len(d.path) > 0 {
		d.path[len(d.path)-1].secret = true
	}
}

// inSecret reports whether the value at the current path is a secret or is inside one: messages must
// not show it.
func (d *Decoder) inSecret() bool {
	for _, s := range d.path {
		if s.secret {
			return true
		}
	}
	return false
}

func (d *Decoder) wrongType(want string, got resource.PropertyValue) {
	d.unreadable++
	d.fail(fmt.Sprintf("want %s, got %s", want, describe(got)))
}

// known strips the secret and output wrappers from v. It reports false, and notes it, when the value is
// not known yet. A secret wrapper marks the current path as secret.
func (d *Decoder) known(v resource.PropertyValue) (resource.PropertyValue, bool) {
	for {
		switch {
		case v.IsSecret():
			d.markSecret()
			v = v.SecretValue().Element
		case v.IsComputed():
			d.unknown = true
			return v, false
		case v.IsOutput():
			o := v.OutputValue()
			if !o.Known {
				d.unknown = true
				return v, false
			}
			if o.Secret {
				d.markSecret()
			}
			v = o.Element
		default:
			return v, true
		}
	}
}

// An Object is an object value being read field by field by generated code: open it with
// Decoder.Object or Decoder.Properties, read each field with Required, Optional or Output, and Close it.
// It is a small value, passed by copy.
type Object struct {
	d     *Decoder
	m     resource.PropertyMap // nil when the value was not an object: its fields are not looked at
	start int                  // where this object's keys start in d.seen
	// unreadable is d.unreadable when it was opened: a value inside it left unread since then keeps its
	// checks from running.
	unreadable int
}

// Object opens the object value v. A value that is not an object is reported once, here, and all its
// fields then read as absent without further complaint.
func (d *Decoder) Object(v resource.PropertyValue) Object {
	v, ok := d.known(v)
	if !ok {
		return Object{d: d}
	}
	if !v.IsObject() {
		d.wrongType("an object", v)
		return Object{d: d}
	}
	return d.Properties(v.ObjectValue())
}

// Properties opens the property map of a resource.
func (d *Decoder) Properties(m resource.PropertyMap) Object {
	if m == nil {
		m = resource.PropertyMap{}
	}
	return Object{d: d, m: m, start: len(d.seen), unreadable: d.unreadable}
}

// field returns the value of key, noting that the key is known. A null value is absent.
func (o Object) field(key resource.PropertyKey) (resource.PropertyValue, bool) {
	if o.m == nil {
		return resource.PropertyValue{}, false
	}
	v, ok := o.m[key]
	if !ok {
		return v, false
	}
	o.d.seen = append(o.d.seen, key)
	return v, !v.IsNull()
}

// Close reports, for Inputs, every key of the object that no field read: a property the type does not
// declare. Keys starting with "__" belong to the Pulumi engine and are never reported.
func (o Object) Close() {
	d := o.d
	if o.m == nil {
		return
	}
	seen := d.seen[o.start:]
	// Every field is read once, so when as many keys were found as the object has, none is unknown.
	if d.mode == Inputs && len(seen) != len(o.m) {
		for k := range o.m {
			if !slices.Contains(seen, k) && !resource.IsInternalPropertyKey(k) {
				d.pushKey(k)
				d.fail("unknown property")
				d.pop()
			}
		}
	}
	d.seen = d.seen[:o.start]
}

// missingRequired is the reason of a required property's absence.
const missingRequired = "missing required property"

// Required reads the field key of o with dec. With Inputs a missing field is a failure.
func Required[T any](o Object, key resource.PropertyKey, dec func(*Decoder, resource.PropertyValue) T) T {
	var t T
	d := o.d
	d.pushKey(key)
	if v, ok := o.field(key); ok {
		t = dec(d, v)
	} else if d.mode == Inputs && o.m != nil {
		d.unreadable++
		d.fail(missingRequired)
	}
	d.pop()
	return t
}

// Optional reads the field key of o with dec, if it is present.
func Optional[T any](o Object, key resource.PropertyKey, dec func(*Decoder, resource.PropertyValue) T) *T {
	v, ok := o.field(key)
	if !ok {
		return nil
	}
	d := o.d
	d.pushKey(key)
	t := dec(d, v)
	d.pop()
	return &t
}

// Output reads the out property key of o with dec. With Inputs the property must be absent: the provider
// sets it.
func Output[T any](o Object, key resource.PropertyKey, dec func(*Decoder, resource.PropertyValue) T) *T {
	if o.d.mode != Inputs {
		return Optional(o, key, dec)
	}
	if _, ok := o.field(key); ok {
		o.d.pushKey(key)
		o.d.fail("an output property; the provider sets it, a program may not")
		o.d.pop()
	}
	return nil
}

// OptionalValue is Optional for the types whose zero value already means absent (any, assets and
// archives): it returns that zero value instead of a nil pointer.
func OptionalValue[T any](o Object, key resource.PropertyKey, dec func(*Decoder, resource.PropertyValue) T) T {
	return value(Optional(o, key, dec))
}

// OutputValue is Output for the types whose zero value already means absent.
func OutputValue[T any](o Object, key resource.PropertyKey, dec func(*Decoder, resource.PropertyValue) T) T {
	return value(Output(o, key, dec))
}

func value[T any](p *T) T {
	if p == nil {
		var zero T
		return zero
	}
	return *p
}

// describe names the kind of a value for messages: "a number", "null".
func describe(v resource.PropertyValue) string {
	switch {
	case v.IsNull():
		return "null"
	case v.IsBool():
		return "a bool"
	case v.IsNumber():
		return "a number"
	case v.IsString():
		return "a string"
	case v.IsArray():
		return "an array"
	case v.IsObject():
		return "an object"
	case v.IsAsset():
		return "an asset"
	case v.IsArchive():
		return "an archive"
	case v.IsResourceReference():
		return "a resource reference"
	}
	return v.TypeString()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
