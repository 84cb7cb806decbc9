package provider

import (
	"slices"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"

	"github.com/cidlc/cidlc/idl/contract"
)

// Constraints are the contract of a property's values (the IDL's min=, maxLength=, pattern=, uniqueItems
// …). Generated code declares one per constrained property of a resource or struct,
//
//	var databaseSize = &provider.Constraints{Min: provider.Float(10), MultipleOf: provider.Float(10)}
//
// and reads the property with Checked. The rules, and the messages of values that break them, are those
// of package contract: the loader checks defaults with the same code, and the TypeScript package's
// runtime mirrors it.
type Constraints = contract.Constraints

// Float returns a pointer to f, for a bound of Constraints.
func Float(f float64) *float64 { return &f }

// Int returns a pointer to n, for a length or count of Constraints.
func Int(n int) *int { return &n }

// Checked returns the decoder dec that also checks, for Inputs, the value against c: a value that breaks
// rules of c is one check failure at its path, naming every rule it breaks; the elements of an array and
// the values of a map are checked against c.Items, each at its own path. A value of the wrong kind (which
// dec reports) or not known yet breaks no rule, and a secret is never shown in a message.
//
// State is not checked: values that passed Check once stay valid, even if a newer provider's contract
// would reject them.
func Checked[T any](dec func(*Decoder, resource.PropertyValue) T, c *Constraints) func(*Decoder, resource.PropertyValue) T {
	return func(d *Decoder, v resource.PropertyValue) T {
		failed := len(d.failures)
		t := dec(d, v)
		if d.mode == Inputs && c != nil && !d.failedHere(failed) {
			d.check(c, v, d.inSecret())
		}
		return t
	}
}

// failedHere reports whether a failure after the first n is at the current path: the decoder found
// the value itself not of its type (a fraction for an integer), which then breaks no rule of a contract.
func (d *Decoder) failedHere(n int) bool {
	return len(d.failures) > n && d.failures[len(d.failures)-1].Property == pathString(d.path)
}

// check checks the value v at the current path against c. secret says whether v is inside a secret.
func (d *Decoder) check(c *Constraints, v resource.PropertyValue, secret bool) {
	v, known, isSecret := plain(v)
	if !known {
		return
	}
	secret = secret || isSecret
	var msgs []string
	switch {
	case v.IsNumber():
		msgs = c.Number(v.NumberValue(), secret)
	case v.IsString():
		msgs = c.String(v.StringValue(), secret)
	case v.IsArray():
		a := v.ArrayValue()
		var duplicate func() (int, int, bool)
		if !slices.ContainsFunc(a, resource.PropertyValue.ContainsUnknowns) {
			duplicate = func() (int, int, bool) { return contract.FirstDuplicate(a, sameValue) }
		}
		msgs = c.Array(len(a), duplicate)
		if c.Items != nil {
			for i, e := range a {
				d.pushIndex(i)
				d.check(c.Items, e, secret)
				d.pop()
			}
		}
	case v.IsObject():
		m := v.ObjectValue()
		msgs = c.Map(len(m))
		if c.Items != nil {
			for k, e := range m {
				d.pushKey(k)
				d.check(c.Items, e, secret)
				d.pop()
			}
		}
	}
	if len(msgs) > 0 {
		d.fail(strings.Join(msgs, "; "))
	}
}

// plain strips the secret and known-output wrappers from v. It reports whether v is known, and whether
// it was secret.
func plain(v resource.PropertyValue) (_ resource.PropertyValue, known, secret bool) {
	for {
		switch {
		case v.IsSecret():
			secret = true
			v = v.SecretValue().Element
		case v.IsComputed():
			return v, false, secret
		case v.IsOutput():
			o := v.OutputValue()
			if !o.Known {
				return v, false, secret
			}
			secret = secret || o.Secret
			v = o.Element
		default:
			return v, true, secret
		}
	}
}

// sameValue reports whether two values are equal for uniqueItems: as JSON values, whether secret or not;
// null entries of objects count as absent, as they do on the wire.
func sameValue(a, b resource.PropertyValue) bool {
	a, _, _ = plain(a)
	b, _, _ = plain(b)
	switch {
	case a.IsArray() && b.IsArray():
		return slices.EqualFunc(a.ArrayValue(), b.ArrayValue(), sameValue)
	case a.IsObject() && b.IsObject():
		am, bm := a.ObjectValue(), b.ObjectValue()
		for _, m := range []resource.PropertyMap{am, bm} {
			for k := range m {
				av, bv := am[k], bm[k]
				if av.HasValue() != bv.HasValue() || av.HasValue() && !sameValue(av, bv) {
					return false
				}
			}
		}
		return true
	}
	return a.DeepEquals(b)
}
