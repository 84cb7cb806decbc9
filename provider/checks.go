package provider

import "github.com/pulumi/pulumi/sdk/v3/go/common/resource"

// ValueChecks are the checks of an object's values as a whole (the IDL's //cidlc:check, in CEL), which
// the stubs of an IDL that has some make with package celcheck, so that a plugin links CEL only then:
// Check returns the message of each check that self, the object's values as plain Go values, breaks.
type ValueChecks interface {
	Check(self map[string]any) ([]string, error)
}

// Checks checks, for Inputs, the values of o as a whole against checks: each broken check is a failure
// at the object's path, with the check's message. Not when a value of o is not known yet (a preview's),
// which leaves them to the update, or when a value of o could not be read (of the wrong type, missing),
// which a check would only say again, worse.
func (o Object) Checks(checks ValueChecks) {
	d := o.d
	if d.mode != Inputs || o.m == nil || d.unreadable > o.unreadable {
		return
	}
	self, known := goObject(o.m)
	if !known {
		return
	}
	msgs, err := checks.Check(self)
	if err != nil {
		// The stubs' checks do not compile: the plugin's, not the program's, mistake, said to both.
		d.fail("the provider's checks cannot run: " + err.Error())
		return
	}
	for _, msg := range msgs {
		d.fail(msg)
	}
}

// goObject returns the values of m as plain Go values (see plain), and false when one of them is
// not known yet.
func goObject(m resource.PropertyMap) (map[string]any, bool) {
	out := make(map[string]any, len(m))
	for k, v := range m {
		x, known := goValue(v)
		if !known {
			return nil, false
		}
		if x != nil {
			out[string(k)] = x
		}
	}
	return out, true
}

// goValue returns v as a plain Go value (nil, bool, float64, string, []any, map[string]any), secrets
// unwrapped, and false when it is not known yet. What a check cannot read (a reference to a resource, an
// asset, an archive) is nil.
func goValue(v resource.PropertyValue) (any, bool) {
	v, known, _ := plain(v)
	switch {
	case !known:
		return nil, false
	case v.IsBool():
		return v.BoolValue(), true
	case v.IsNumber():
		return v.NumberValue(), true
	case v.IsString():
		return v.StringValue(), true
	case v.IsArray():
		a := v.ArrayValue()
		out := make([]any, len(a))
		for i, e := range a {
			x, known := goValue(e)
			if !known {
				return nil, false
			}
			out[i] = x
		}
		return out, true
	case v.IsObject():
		return goObject(v.ObjectValue())
	}
	return nil, true
}
