package load

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cidlc/cidlc/idl/contract"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/idl/pattern"
)

// contractKinds says which kind of value each contract option constrains.
var contractKinds = map[string]model.Kind{
	"min": model.Number, "max": model.Number, "exclusiveMin": model.Number, "exclusiveMax": model.Number,
	"multipleOf": model.Number,
	"minLength":  model.String, "maxLength": model.String, "pattern": model.String,
	"minItems": model.Array, "maxItems": model.Array,
	"minProperties": model.Map, "maxProperties": model.Map,
}

// kindNames are the kinds as messages name them.
var kindNames = map[model.Kind]string{
	model.Number: "numbers", model.String: "strings", model.Array: "arrays", model.Map: "maps",
}

// contracts checks the contract options of a property (constraints, default, secret, deprecated, env)
// against its type and each other, and records them in the model.
func (c *builder) contracts(subject subjectName, prop *model.Property, opts tagOptions, pos tagPos, kind declKind) {
	errorAt := func(offset int, format string, args ...any) {
		c.errorf(pos.at(offset), "%s: %s", subject, fmt.Sprintf(format, args...))
	}
	if opts.deprecated != nil {
		prop.Deprecated = opts.deprecated.text
	}
	if opts.secret {
		switch t := prop.Type.Unaliased(); {
		case !topLevel(kind):
			errorAt(0, "secret is only for the properties of resources, functions and the configuration: a whole property is secret, not a part of one")
		case t != nil && (t.Kind == model.Capability || t.Kind == model.AnyResource):
			errorAt(0, "secret does not apply to a reference to a resource: its URN and ID are not secret")
		default:
			prop.Secret = true
		}
	}

	t := prop.Type.Unaliased()
	if t == nil {
		return
	}
	if opts.env != nil {
		c.envOption(subject, prop, t, *opts.env, kind, errorAt)
	}
	var cs model.Constraints
	ok := true
	for _, key := range opts.valueOrder {
		v := opts.values[key]
		name, target, into := key, t, &cs
		if rest, items := strings.CutPrefix(key, "items."); items {
			if t.Kind != model.Array && t.Kind != model.Map {
				errorAt(v.offset, "%s= constrains the elements of arrays and maps, and %s is %s", key, prop.Name, t.Describe(model.AsKind))
				ok = false
				continue
			}
			if cs.Items == nil {
				cs.Items = &model.Constraints{}
			}
			name, target, into = rest, t.Elem.Unaliased(), cs.Items
		}
		if want := contractKinds[name]; target == nil || target.Kind != want && !(want == model.Number && target.Kind == model.Integer) {
			what := prop.Name
			if into != &cs {
				what = "an element of " + prop.Name
			}
			errorAt(v.offset, "%s= applies to %s, and %s is %s", key, kindNames[want], what, target.Describe(model.AsKind))
			ok = false
			continue
		}
		if msg := setConstraint(into, name, v.text); msg != "" {
			errorAt(v.offset, "%s=%s: %s", key, echo(v.text), msg)
			ok = false
			continue
		}
		if target.Kind == model.Integer {
			if msg := integerBound(into, name, target.Bits); msg != "" {
				errorAt(v.offset, "%s=%s: %s", key, echo(v.text), msg)
				ok = false
			}
		} else if name == "multipleOf" && *into.MultipleOf == 1 {
			what, it := prop.Name, "it"
			if into != &cs {
				what, it = "each element of "+prop.Name, "the elements"
			}
			c.warnf(pos.at(v.offset), "%s: %s=1 makes %s a whole number in all but its type; declare %s int (or int32), and the schema, the SDKs and the Go stubs get an integer", subject, key, what, it)
		}
	}
	if opts.unique {
		if t.Kind != model.Array {
			errorAt(0, "uniqueItems applies to arrays, and %s is %s", prop.Name, t.Describe(model.AsKind))
			ok = false
		} else {
			cs.UniqueItems = true
		}
	}
	if ok {
		for _, msg := range boundProblems(&cs, "") {
			errorAt(0, "%s", msg)
			ok = false
		}
	}
	if ok && cs != (model.Constraints{}) {
		// A copy: cs itself stays on the stack, so a property without constraints costs nothing.
		kept := cs
		prop.Constraints = &kept
	}

	if opts.dflt != nil {
		if !topLevel(kind) {
			errorAt(opts.dflt.offset, "default= is only for the properties of resources, functions and the configuration")
			return
		}
		value, msg := parseDefault(prop.Type, opts.dflt.text)
		if msg != "" {
			errorAt(opts.dflt.offset, "default=%s: %s", echo(opts.dflt.text), msg)
			return
		}
		if ok && prop.Constraints != nil {
			if msg := Violation(prop.Constraints, value); msg != "" {
				errorAt(opts.dflt.offset, "default=%s breaks the property's own contract: %s", echo(opts.dflt.text), msg)
				return
			}
		}
		prop.Default = value
	}
}

// topLevel reports whether the properties of a declaration of kind may be secret and have defaults:
// those of resources, functions and the configuration, which are whole values on the wire, and not the
// fields of a plain struct, which are parts of one.
func topLevel(kind declKind) bool {
	return kind == kindResource || kind == kindFunction || kind == kindConfig
}

// echo returns a value from a tag as a message shows it: as written, or quoted (with Go escapes) when it
// holds what a line of text cannot show, such as a line break or bytes that are not UTF-8.
func echo(value string) string {
	if utf8.ValidString(value) && !strings.ContainsFunc(value, func(r rune) bool { return !unicode.IsPrint(r) }) {
		return value
	}
	return strconv.Quote(value)
}

// setConstraint parses the value of one constraint option into cs, or says what is wrong with it.
func setConstraint(cs *model.Constraints, name, text string) string {
	switch name {
	case "min", "max", "exclusiveMin", "exclusiveMax", "multipleOf":
		f, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
		if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return "not a number"
		}
		if name == "multipleOf" && f <= 0 {
			return "must be greater than 0"
		}
		*numberBound(cs, name) = &f
	case "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties":
		n, err := strconv.Atoi(strings.TrimSpace(text))
		if err != nil || n < 0 {
			return "not a whole number of 0 or more"
		}
		*countBound(cs, name) = &n
	case "pattern":
		if _, err := pattern.Parse(text); err != nil {
			return "not a valid RE2 regular expression: " + err.Error()
		}
		cs.Pattern = text
	}
	return ""
}

// integerBound says what is wrong with the number option name of an integer of bits, just set in cs: a
// bound that is not a whole number or is beyond the type's range, or multipleOf=1, which every integer
// obeys.
func integerBound(cs *model.Constraints, name string, bits int) string {
	f := **numberBound(cs, name)
	lo, hi := contract.IntegerRange(bits)
	switch {
	case name == "multipleOf" && f == 1:
		return "every integer is a multiple of 1; drop multipleOf=1"
	case f != math.Trunc(f):
		return "not a whole number, and the property is an integer"
	case f < lo || f > hi:
		return fmt.Sprintf("beyond the range of %s, %s to %s", contract.IntegerName(bits), contract.FormatNumber(lo), contract.FormatNumber(hi))
	}
	return ""
}

// numberBound returns the field of cs that the number option name sets. (A switch, not a map of the
// fields' addresses: that would make every cs, and so every property's, escape to the heap.)
func numberBound(cs *model.Constraints, name string) **float64 {
	switch name {
	case "min":
		return &cs.Min
	case "max":
		return &cs.Max
	case "exclusiveMin":
		return &cs.ExclusiveMin
	case "exclusiveMax":
		return &cs.ExclusiveMax
	}
	return &cs.MultipleOf
}

// countBound returns the field of cs that the whole-number option name sets.
func countBound(cs *model.Constraints, name string) **int {
	switch name {
	case "minLength":
		return &cs.MinLength
	case "maxLength":
		return &cs.MaxLength
	case "minItems":
		return &cs.MinItems
	case "maxItems":
		return &cs.MaxItems
	case "minProperties":
		return &cs.MinProperties
	}
	return &cs.MaxProperties
}

// boundProblems says which bounds of cs contradict each other.
func boundProblems(cs *model.Constraints, of string) []string {
	var msgs []string
	bad := func(format string, args ...any) { msgs = append(msgs, of+fmt.Sprintf(format, args...)) }
	if cs.Min != nil && cs.ExclusiveMin != nil {
		bad("min= and exclusiveMin= both bound the value from below; keep one")
	}
	if cs.Max != nil && cs.ExclusiveMax != nil {
		bad("max= and exclusiveMax= both bound the value from above; keep one")
	}
	lo, loX := cs.Min, false
	if cs.ExclusiveMin != nil {
		lo, loX = cs.ExclusiveMin, true
	}
	hi, hiX := cs.Max, false
	if cs.ExclusiveMax != nil {
		hi, hiX = cs.ExclusiveMax, true
	}
	if lo != nil && hi != nil && (*lo > *hi || *lo == *hi && (loX || hiX)) {
		bad("no number is within the bounds %s and %s", fmtBound(lo, loX, "min"), fmtBound(hi, hiX, "max"))
	}
	for _, pair := range []struct {
		lo, hi *int
		what   string
	}{{cs.MinLength, cs.MaxLength, "Length"}, {cs.MinItems, cs.MaxItems, "Items"}, {cs.MinProperties, cs.MaxProperties, "Properties"}} {
		if pair.lo != nil && pair.hi != nil && *pair.lo > *pair.hi {
			bad("min%s=%d is more than max%s=%d", pair.what, *pair.lo, pair.what, *pair.hi)
		}
	}
	if cs.Items != nil {
		msgs = append(msgs, boundProblems(cs.Items, of+"items: ")...)
	}
	return msgs
}

func fmtBound(f *float64, exclusive bool, name string) string {
	if exclusive {
		name = "exclusive" + strings.ToUpper(name[:1]) + name[1:]
	}
	return name + "=" + strconv.FormatFloat(*f, 'g', -1, 64)
}

// parseDefault parses the text of default= as a value of t: a bool, a number, a string, or a value of an
// enum (its string).
func parseDefault(t *model.Type, text string) (any, string) {
	u := t.Unaliased()
	switch u.Kind {
	case model.Bool:
		b, err := strconv.ParseBool(text)
		if err != nil || (text != "true" && text != "false") {
			return nil, "not a bool (true or false)"
		}
		return b, ""
	case model.Number, model.Integer:
		f, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
		if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return nil, "not a number"
		}
		if u.Kind == model.Integer {
			if msg := contract.Integer(f, u.Bits, false); msg != "" {
				return nil, msg
			}
		}
		return f, ""
	case model.String:
		return text, ""
	case model.EnumRef:
		var values []string
		for _, v := range u.Enum.Values {
			if v.Value == text {
				return text, ""
			}
			values = append(values, strconv.Quote(v.Value))
		}
		return nil, fmt.Sprintf("not a value of enum %s (%s)", u.Enum.Name, strings.Join(values, ", "))
	}
	return nil, fmt.Sprintf("default= is for bools, numbers, strings and enums, and this is %s", u.Describe(model.AsKind))
}

// Violation says how value breaks cs, or returns "" when it does not: the rules of package contract, which
// the generated code enforces at run time. It checks the constraints that apply to value's kind (float64
// or string, the kinds of defaults); every rule broken is named, separated by "; ".
func Violation(cs *model.Constraints, value any) string {
	c, err := cs.Compile()
	if err != nil {
		return err.Error()
	}
	var msgs []string
	switch v := value.(type) {
	case float64:
		msgs = c.Number(v, false)
	case string:
		msgs = c.String(v, false)
	}
	return strings.Join(msgs, "; ")
}
