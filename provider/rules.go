package provider

import (
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
)

// RuleKind is the kind of a rule across properties (the IDL's conflictsWith=, requiredWith=,
// exactlyOneOf=, atLeastOneOf=).
type RuleKind int

// The rules across properties. A property is set when the object holds a value for it that is not
// null; one whose value is not known yet (a preview's) may be set or not.
const (
	// ConflictsWith: when Subject is set, none of Names may be.
	ConflictsWith RuleKind = iota + 1
	// RequiredWith: when Subject is set, every one of Names must be too.
	RequiredWith
	// ExactlyOneOf: exactly one of Names is set.
	ExactlyOneOf
	// AtLeastOneOf: at least one of Names is set.
	AtLeastOneOf
)

// Rule is a rule across the properties of one object: a resource's inputs, a function's, the
// configuration, or a struct's fields wherever a struct value appears. Generated code declares the rules
// of each object type,
//
//	var listenerRules = []provider.Rule{{Kind: provider.ExactlyOneOf, Names: []resource.PropertyKey{"certificate", "certificateARN"}}}
//
// and its unmarshal code enforces them with Object.Rules.
type Rule struct {
	Kind RuleKind
	// Subject is the property that declares a ConflictsWith or RequiredWith; empty for the others.
	Subject resource.PropertyKey
	// Names are the other properties of a ConflictsWith or RequiredWith, or the members of an
	// ExactlyOneOf or AtLeastOneOf.
	Names []resource.PropertyKey
}

// presence is whether an object holds a value for a property.
type presence int

const (
	unset presence = iota
	set
	unknownPresence // a value not known yet: set or not, once known
)

// Rules checks, for Inputs, the rules across the properties of o, each broken rule a failure: at its
// subject's path for a ConflictsWith or RequiredWith, at the object's for a group, the message naming
// every property involved. A rule whose verdict waits on a value not known yet is left to the update,
// when it is known.
func (o Object) Rules(rules []Rule) {
	d := o.d
	if d.mode != Inputs || o.m == nil {
		return
	}
	for _, r := range rules {
		key, msg := ruleViolation(r, func(k resource.PropertyKey) presence { return presenceOf(o.m[k]) })
		if msg == "" {
			continue
		}
		if key != "" {
			d.pushKey(key)
		}
		d.fail(msg)
		if key != "" {
			d.pop()
		}
	}
}

// presenceOf says whether v is a value, none, or not known yet.
func presenceOf(v resource.PropertyValue) presence {
	for {
		switch {
		case v.IsSecret():
			v = v.SecretValue().Element
		case v.IsComputed():
			return unknownPresence
		case v.IsOutput():
			o := v.OutputValue()
			if !o.Known {
				return unknownPresence
			}
			v = o.Element
		case v.IsNull():
			return unset
		default:
			return set
		}
	}
}

// ruleViolation says how r is broken by an object in which has says whether each property is set: the
// property whose path the failure has ("" for the object's own) and the message; an empty message when
// r holds or waits on a value not known yet. The TypeScript package's runtime says the same, word for
// word, of the same object.
func ruleViolation(r Rule, has func(resource.PropertyKey) presence) (resource.PropertyKey, string) {
	var isSet, unknown []resource.PropertyKey
	for _, k := range r.Names {
		switch has(k) {
		case set:
			isSet = append(isSet, k)
		case unknownPresence:
			unknown = append(unknown, k)
		}
	}
	switch r.Kind {
	case ConflictsWith:
		if has(r.Subject) == set && len(isSet) > 0 {
			return r.Subject, string(r.Subject) + " cannot be set together with " + join(isSet)
		}
	case RequiredWith:
		if has(r.Subject) != set {
			break
		}
		var missing []resource.PropertyKey
		for _, k := range r.Names {
			if has(k) == unset {
				missing = append(missing, k)
			}
		}
		switch len(missing) {
		case 0:
		case 1:
			return r.Subject, string(r.Subject) + " requires " + join(missing) + ", which is not set"
		default:
			return r.Subject, string(r.Subject) + " requires " + join(missing) + ", which are not set"
		}
	case ExactlyOneOf:
		switch {
		case len(isSet) > 1:
			return "", "exactly one of " + join(r.Names) + " may be set, but " + join(isSet) + " are"
		case len(isSet) == 0 && len(unknown) == 0:
			return "", "exactly one of " + join(r.Names) + " must be set, but none is"
		}
	case AtLeastOneOf:
		if len(isSet) == 0 && len(unknown) == 0 {
			return "", "at least one of " + join(r.Names) + " must be set, but none is"
		}
	}
	return "", ""
}

// join writes names as a list in words: a, a and b, a, b and c.
func join(names []resource.PropertyKey) string {
	var b strings.Builder
	for i, n := range names {
		switch {
		case i == 0:
		case i == len(names)-1:
			b.WriteString(" and ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(string(n))
	}
	return b.String()
}
