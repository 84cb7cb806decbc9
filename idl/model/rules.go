package model

import (
	"go/token"
	"slices"
	"strings"
)

// RuleKind is the kind of a rule across properties.
type RuleKind string

// The rules across properties, in Terraform's names, which provider authors know. A property is set
// when the program gives it a value (null is no value); every property a rule names is an optional input,
// so that it can be set or not.
const (
	// ConflictsWith: when the property is set, none of the others may be.
	ConflictsWith RuleKind = "conflictsWith"
	// RequiredWith: when the property is set, every one of the others must be too.
	RequiredWith RuleKind = "requiredWith"
	// ExactlyOneOf: exactly one of the property and the others is set.
	ExactlyOneOf RuleKind = "exactlyOneOf"
	// AtLeastOneOf: at least one of the property and the others is set.
	AtLeastOneOf RuleKind = "atLeastOneOf"
)

// RuleKinds are the kinds, in the order of the manual.
var RuleKinds = []RuleKind{ConflictsWith, RequiredWith, ExactlyOneOf, AtLeastOneOf}

// IsGroup reports whether the rule is about a group of properties as a whole (exactly one of them, at
// least one of them), rather than about the property that declares it.
func (k RuleKind) IsGroup() bool { return k == ExactlyOneOf || k == AtLeastOneOf }

// Rule is one rule across properties, as a property's tag declares it: `exactlyOneOf=certificateARN`
// on certificate.
type Rule struct {
	Kind RuleKind `json:"kind"`
	// With are the wire names of the other properties it names, as written.
	With []string       `json:"with"`
	Pos  token.Position `json:"pos"`
}

// A Relation is a rule across the properties of one declaration, as the outputs enforce and describe
// it: ExactlyOneOf and AtLeastOneOf relate a group, Names, whichever property declared it (the same
// group declared on two of its members is one relation); ConflictsWith and RequiredWith relate Subject,
// the property that declares it, to Names.
type Relation struct {
	Kind RuleKind
	// Subject is the wire name of the property that declares a ConflictsWith or RequiredWith; "" for a
	// group.
	Subject string
	// Names are the wire names of the other properties of a ConflictsWith or RequiredWith, as written, or
	// the members of a group, in the order of the declaration's properties.
	Names []string
	// Pos is where the rule is declared (the first time, for a group declared on two of its members).
	Pos token.Position
}

// Relations returns the rules across props, the properties of one declaration, in the order of the
// properties that declare them; each relation once.
func Relations(props []*Property) []Relation {
	var out []Relation
	order := func(a, b string) int {
		return slices.IndexFunc(props, func(p *Property) bool { return p.Name == a }) -
			slices.IndexFunc(props, func(p *Property) bool { return p.Name == b })
	}
	for _, p := range props {
		for _, r := range p.Rules {
			rel := Relation{Kind: r.Kind, Subject: p.Name, Names: slices.Clone(r.With), Pos: r.Pos}
			if r.Kind.IsGroup() {
				rel.Subject, rel.Names = "", append(rel.Names, p.Name)
				slices.SortFunc(rel.Names, order)
			}
			if !slices.ContainsFunc(out, rel.Equal) {
				out = append(out, rel)
			}
		}
	}
	return out
}

// Equal reports whether r and o relate the same properties in the same way.
func (r Relation) Equal(o Relation) bool {
	return r.Kind == o.Kind && r.Subject == o.Subject && slices.Equal(r.Names, o.Names)
}

// String writes the relation as the tag declares it: conflictsWith=targets|healthCheck on redirectTo,
// exactlyOneOf=certificate|certificateARN (a group, whichever member declares it).
func (r Relation) String() string {
	s := string(r.Kind) + "=" + strings.Join(r.Names, "|")
	if r.Subject != "" {
		s += " on " + r.Subject
	}
	return s
}

// Involves reports whether the relation names the property name, as its subject or one of its names.
func (r Relation) Involves(name string) bool {
	return r.Subject == name || slices.Contains(r.Names, name)
}

// RuleNotes says in words what the relations rels of a declaration ask of its property name, for its
// docs: "Exactly one of certificate and certificateARN must be set.", "It cannot be set together with
// targets or healthCheck."; "" when no relation involves it. show gives the name of a property as the
// reader knows it: its wire name in what programs read, its Go name in the Go stubs.
func RuleNotes(name string, rels []Relation, show func(wire string) string) string {
	var sentences []string
	list := func(names []string, last string) string {
		shown := make([]string, len(names))
		for i, n := range names {
			shown[i] = show(n)
		}
		return JoinWords(shown, last)
	}
	for _, r := range rels {
		switch {
		case !r.Involves(name):
		case r.Kind == ExactlyOneOf:
			sentences = append(sentences, "Exactly one of "+list(r.Names, "and")+" must be set.")
		case r.Kind == AtLeastOneOf:
			sentences = append(sentences, "At least one of "+list(r.Names, "and")+" must be set.")
		case r.Kind == ConflictsWith && r.Subject == name:
			sentences = append(sentences, "It cannot be set together with "+list(r.Names, "or")+".")
		case r.Kind == ConflictsWith:
			sentences = append(sentences, "It cannot be set together with "+show(r.Subject)+".")
		case r.Kind == RequiredWith && r.Subject == name:
			sentences = append(sentences, "When it is set, "+list(r.Names, "and")+" must be set too.")
		case r.Kind == RequiredWith:
			sentences = append(sentences, "It must be set when "+show(r.Subject)+" is.")
		}
	}
	return strings.Join(sentences, " ")
}

// JoinWords writes names as a list in words, with last before the last one: a; a and b; a, b and c.
func JoinWords(names []string, last string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " " + last + " " + names[len(names)-1]
}

// Check is a check of a whole value of a struct, resource, function (its inputs) or the configuration,
// written in CEL (//cidlc:check "message" expr): an expression on self, the value, whose properties are
// its fields by wire name, that must be true. The loader has parsed and type-checked it against the
// declaration's properties.
type Check struct {
	Expr string `json:"expr"`
	// Message is what a value that breaks the check is told; "" when the check has none, and a message is
	// made of Expr.
	Message string `json:"message,omitempty"`
	// Pos is the position of Expr.
	Pos token.Position `json:"pos"`
}

// ChecksNote says in words what the checks of a declaration ask of its values, for its docs in the
// outputs that cannot run them (the TypeScript package, the Pulumi schema): "The provider refuses a
// value for which one of these checks (in CEL) is false: `self.minReplicas <= self.maxReplicas`
// (minReplicas cannot be more than maxReplicas)."; "" for none.
func ChecksNote(checks []*Check) string {
	if len(checks) == 0 {
		return ""
	}
	parts := make([]string, len(checks))
	for i, k := range checks {
		parts[i] = "`" + k.Expr + "`"
		if k.Message != "" {
			parts[i] += " (" + k.Message + ")"
		}
	}
	what := "this check (in CEL) is"
	if len(checks) > 1 {
		what = "one of these checks (in CEL) is"
	}
	return "The provider refuses a value for which " + what + " false: " + strings.Join(parts, "; ") + "."
}
