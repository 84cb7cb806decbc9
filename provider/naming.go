package provider

import (
	"fmt"
	"slices"
	"unicode/utf8"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// Names and write-only inputs, as clouds have them.
//
// A named resource's name is its physical name. When the program gives none, Check makes one:
//
//   - a resource that exists keeps the name it has (its recorded inputs'), whatever made it: names are
//     stable across previews, updates and changes of configuration, and only a replacement (for which
//     the engine checks the inputs again, without the old ones) gets a new one;
//   - when the stack configures Pulumi's autonaming (pulumi:autonaming, which the engine sends to
//     providers that say in the handshake that they support it): mode disabled fails, asking for a
//     name; a name the engine enforces (mode verbatim, or a pattern with enforce) is taken as it is; a
//     name the engine proposes (a pattern) is taken by an autonamed resource, while a verbatim one
//     keeps its own name, as a proposal allows;
//   - otherwise, a verbatim resource (the IDL's verbatim) takes its logical name, and any other its
//     logical name, a hyphen and 7 hexadecimal digits drawn from the engine's random seed for the
//     resource (the suffix resource.NewUniqueName makes, as Pulumi's own providers), the logical name
//     cut so that the whole fits the name's maxLength.
//
// A made-up name is checked against the name's contract as a given one is; one that breaks it fails
// Check, with what made the name and how to give one that fits (an autoname is cut, never refused,
// for its length). A name the resource has is not checked: it is a fact of the cloud, which a newer
// IDL's narrower contract does not change.
//
// Check records, in the inputs the engine keeps, that the name was made up (autonamedKey): a
// replacement will make another, so it can be created before the old resource is deleted. Diff asks
// the engine to delete first (DeleteBeforeReplace) when a replacement keeps the name, which the program
// gave or which is verbatim, and the cloud would refuse a second object of that name: no author writes
// a Differ for it.
//
// A write-only input (the IDL's in: a password the service keeps only as a hash) is never returned:
// Read keeps the value the program gave (readInputs), so refresh sees no drift, and an import, which
// cannot read it, leaves it unset: Check then does not ask the imported resource for it, if required,
// until the program gives one.

// Naming says how Check makes a named resource's name when the program gives none.
type Naming struct {
	// Verbatim resources take their logical name; the others autoname.
	Verbatim bool
	// MaxLength is the longest name the resource takes, in code points, 0 for no limit: an autoname is
	// cut to fit.
	MaxLength int
}

// autonamedKey marks the checked inputs of a resource whose name the provider made up (Pulumi leaves
// keys that start with __ to providers and hides them from programs): a replacement makes another.
const autonamedKey resource.PropertyKey = "__autonamed"

// autonameDigits is the length of an autoname's random suffix: 7 hexadecimal digits, as Pulumi's own
// providers make.
const autonameDigits = 7

// madeName says where the name that Check put in a resource's inputs comes from, for the messages of a
// name that breaks its contract, or why it put none; nil when the program gave it.
type madeName struct {
	from    string
	refusal string // why there is no name: the program must give one
	// kept: the name is the one the resource has. Its contract is not checked: the name is a fact of
	// the cloud, which a narrower contract of a newer IDL cannot change, and the program gives none.
	kept bool
}

// name puts the name of a resource whose program gives none in news, as the package documentation
// above says, and reports where it comes from.
func (r *Resource[T]) name(req *pulumirpc.CheckRequest, olds, news resource.PropertyMap) *madeName {
	if old, ok := olds["name"]; ok && old.HasValue() {
		news["name"] = old
		if autonamed(olds) {
			news[autonamedKey] = resource.NewProperty(true)
		}
		return &madeName{kept: true}
	}
	logical := req.GetName()
	if logical == "" {
		logical = resource.URN(req.GetUrn()).Name()
	}
	configured := req.GetAutonaming()
	if configured != nil && configured.GetMode() != pulumirpc.CheckRequest_AutonamingOptions_DISABLE && configured.GetProposedName() == "" {
		configured = nil // nothing proposed: as if nothing were configured
	}
	var name string
	made := &madeName{}
	switch mode := configured.GetMode(); {
	case configured != nil && mode == pulumirpc.CheckRequest_AutonamingOptions_DISABLE:
		return &madeName{refusal: "the stack's pulumi:autonaming configuration turns automatic names off (mode: disabled), " +
			"and the program gives none: give the resource a name"}
	case configured != nil && (mode == pulumirpc.CheckRequest_AutonamingOptions_ENFORCE || !r.spec.Naming.Verbatim):
		name = configured.GetProposedName()
		made.from = fmt.Sprintf("the stack's pulumi:autonaming configuration makes this name for %s", r.spec.Type)
	case r.spec.Naming.Verbatim:
		news["name"] = resource.NewProperty(logical)
		return &madeName{from: "the name is the resource's own, since the program gives none"}
	default:
		name = autoname(req.GetRandomSeed(), logical, r.spec.Naming.MaxLength)
		made.from = "the provider made the name up of the resource's own and a random suffix, since the program gives none"
	}
	news["name"] = resource.NewProperty(name)
	news[autonamedKey] = resource.NewProperty(true)
	return made
}

// explain adds to the failures of a made-up name where it comes from, and the way out; of a name that
// is missing, why.
func (m *madeName) explain(failures []CheckFailure) []CheckFailure {
	if m == nil {
		return failures
	}
	if m.kept {
		return slices.DeleteFunc(failures, func(f CheckFailure) bool { return f.Property == "name" })
	}
	for i, f := range failures {
		if f.Property == "name" && m.refusal != "" {
			failures[i].Reason = m.refusal
			continue
		}
		if f.Property == "name" {
			failures[i].Reason += "; " + m.from + ": give the resource a name that fits"
		}
	}
	return failures
}

// autoname returns the name made of logical and a random suffix drawn from seed (a random one when
// seed is empty), cut to at most maxLength code points (0: no limit): the logical name is cut, the
// suffix kept, so that the name stays as unique.
func autoname(seed []byte, logical string, maxLength int) string {
	suffix, _ := resource.NewUniqueName(seed, "", autonameDigits, 0, nil) // fails only past a maximum length
	prefix := logical + "-"
	if room := maxLength - autonameDigits; maxLength > 0 && utf8.RuneCountInString(prefix) > room {
		switch {
		case room <= 0:
			return suffix[:maxLength]
		case room == 1:
			prefix = string([]rune(logical)[:1])
		default:
			prefix = string([]rune(logical)[:room-1]) + "-"
		}
	}
	return prefix + suffix
}

// autonamed reports whether inputs are those of a resource whose name the provider made up.
func autonamed(inputs resource.PropertyMap) bool {
	v, ok := inputs[autonamedKey]
	return ok && v.IsBool() && v.BoolValue()
}

// keepsName reports whether the replacement of a named resource would have the name it has: one the
// program gives, unchanged (or not known yet, which may be it), or a verbatim one. The old resource
// must then go first, or the cloud would refuse the new one. A made-up name is made anew.
func keepsName(olds, news resource.PropertyMap) bool {
	if autonamed(news) {
		return false
	}
	n := news["name"]
	if n.ContainsUnknowns() {
		return true
	}
	o, ok := olds["name"]
	return ok && o.DeepEquals(n)
}

// notAsked drops, from the failures of Check, the missing required write-only inputs of a resource that
// exists without them (olds, its recorded inputs, lack them too): an imported resource, whose
// write-only inputs no one could read back. The program's first value is then applied by an update.
func (r *Resource[T]) notAsked(failures []CheckFailure, olds, news resource.PropertyMap) []CheckFailure {
	if len(olds) == 0 {
		return failures
	}
	return slices.DeleteFunc(failures, func(f CheckFailure) bool {
		if f.Reason != missingRequired {
			return false
		}
		key := resource.PropertyKey(f.Property)
		return slices.ContainsFunc(r.spec.Properties, func(p Property) bool {
			return p.In && p.Key == key && !olds.HasValue(key) && !news.HasValue(key)
		})
	})
}
