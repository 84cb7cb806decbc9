package load

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cidlc/cidlc/idl/model"
)

// Rules across properties (conflictsWith=, requiredWith=, exactlyOneOf=, atLeastOneOf=) are declared
// on a property, in its tag, with the names of the others: where Terraform's schema has them, and where
// every other rule of a property is written. A rule is about whether properties are set, so every
// property it names, and the one that declares it, must be an optional input: a required property, or
// one with a default, is always set, which makes the rule contradictory or void. The names are checked
// once every property of the declaration is known (validateRules).

// propertyRules reads the rules of the tag of prop, a property of a declaration of kind, into
// prop.Rules: the names as written, each an identifier, none twice.
func (c *builder) propertyRules(subject subjectName, prop *model.Property, opts tagOptions, pos tagPos, kind declKind) {
	for _, r := range opts.rules {
		errorAt := func(format string, args ...any) {
			c.errorf(pos.at(r.offset), "%s: %s=%s: %s", subject, r.kind, echo(r.text), fmt.Sprintf(format, args...))
		}
		if why := unsettable(prop, kind); why != "" {
			errorAt("a rule across properties relates optional inputs, which a program may set or not, and %s %s", prop.Name, why)
			continue
		}
		var names []string
		bad := false
		for _, name := range strings.Split(r.text, "|") {
			switch {
			case name == "":
				errorAt("an empty name; write %s=other or %s=other|another, with wire names", r.kind, r.kind)
			case !IsIdentifier(name):
				errorAt("%s is not a property's wire name", echo(name))
			case slices.Contains(names, name):
				errorAt("names %s twice", name)
			case name == prop.Name:
				errorAt("names %s itself; name the other properties", name)
			default:
				names = append(names, name)
				continue
			}
			bad = true
			break
		}
		if !bad {
			prop.Rules = append(prop.Rules, &model.Rule{Kind: r.kind, With: names, Pos: c.fset.Position(pos.at(r.offset))})
		}
	}
}

// unsettable says why a rule across properties cannot be about p, a property of a declaration of kind
// ("is an output", "is required, so it is always set"), or returns "" when it can: p is an optional
// input.
func unsettable(p *model.Property, kind declKind) string {
	switch {
	case p.Out && kind == kindFunction:
		return "is a result of the function"
	case p.Out:
		return "is an output: the provider sets it, a program cannot"
	case p.Synthetic:
		return "is the resource's name, which Check sets to the resource's own when the program does not, so it is always set"
	case p.Default != nil:
		return "has a default, so it is always set"
	case !p.Optional:
		return "is required, so it is always set"
	}
	return ""
}

// validateRules checks the rules of props, the properties of the declaration owner: every name is the
// wire name of another property, an optional input; and no combination of rules makes a property
// impossible to set (a requires b, and b conflicts with a). The rules that properties brought in by
// embedding hold were checked in their own struct; a contradiction that involves a rule of owner's own
// is reported here.
func (c *builder) validateRules(owner string, props []*model.Property, kind declKind) {
	byName := map[string]*model.Property{}
	hasRules := false
	for _, p := range props {
		byName[p.Name] = p
		hasRules = hasRules || len(p.Rules) > 0
	}
	if !hasRules {
		return
	}
	for _, p := range props {
		if c.embedSite(p) != nil {
			continue
		}
		for _, r := range p.Rules {
			for _, name := range r.With {
				other := byName[name]
				if other == nil {
					c.report(r.Pos, fmt.Sprintf("%s.%s: %s=%s: %s", owner, p.GoName, r.Kind, strings.Join(r.With, "|"), unknownProperty(name, props)))
					continue
				}
				if why := unsettable(other, kind); why != "" {
					c.report(r.Pos, fmt.Sprintf("%s.%s: %s=%s: a rule across properties relates optional inputs, which a program may set or not, and %s %s",
						owner, p.GoName, r.Kind, strings.Join(r.With, "|"), name, why))
				}
			}
		}
	}
	c.contradictions(owner, props)
}

// unknownProperty says that name is not the wire name of one of props, with the nearest as a hint: a
// property whose Go name it is, or one a typo away.
func unknownProperty(name string, props []*model.Property) string {
	msg := "no property has the wire name " + name
	for _, p := range props {
		if p.GoName == name && !p.Synthetic {
			return msg + fmt.Sprintf("; rules name properties by their wire names, and %s's is %s", p.GoName, p.Name)
		}
	}
	best, bestDist := "", 1+len(name)/4
	for _, p := range props {
		if d := editDistance(strings.ToLower(name), strings.ToLower(p.Name)); d < bestDist {
			best, bestDist = p.Name, d
		}
	}
	if best != "" {
		return msg + fmt.Sprintf("; did you mean %s?", best)
	}
	return msg
}

// contradictions reports each property of props that its rules make impossible to set: setting it
// requires (requiredWith=, through others too) properties that conflict with each other or with it
// (conflictsWith=, or two members of an exactlyOneOf= group). It is reported at its first requiredWith=
// rule that leads there, once, when a rule involved is owner's own (not brought in by embedding).
func (c *builder) contradictions(owner string, props []*model.Property) {
	type link struct {
		from string
		rule *model.Rule
	}
	requires := map[string][]link{} // a requires b: requires[a] holds {b, rule}
	type conflict struct {
		a, b string
		rule *model.Rule
		own  bool
	}
	var conflicts []conflict
	own := map[*model.Rule]bool{}
	for _, p := range props {
		for _, r := range p.Rules {
			own[r] = c.embedSite(p) == nil
			switch r.Kind {
			case model.RequiredWith:
				for _, name := range r.With {
					requires[p.Name] = append(requires[p.Name], link{name, r})
				}
			case model.ConflictsWith:
				for _, name := range r.With {
					conflicts = append(conflicts, conflict{p.Name, name, r, own[r]})
				}
			case model.ExactlyOneOf:
				group := append([]string{p.Name}, r.With...)
				for i, a := range group {
					for _, b := range group[i+1:] {
						conflicts = append(conflicts, conflict{a, b, r, own[r]})
					}
				}
			}
		}
	}
	if len(requires) == 0 || len(conflicts) == 0 {
		return
	}
	conflicting := func(a, b string) *conflict {
		for i, x := range conflicts {
			if x.a == a && x.b == b || x.a == b && x.b == a {
				return &conflicts[i]
			}
		}
		return nil
	}
properties:
	for _, p := range props {
		if len(requires[p.Name]) == 0 {
			continue
		}
		// What setting p requires, breadth first, each with the link that first reached it.
		reached := map[string]link{p.Name: {}}
		order := []string{p.Name}
		for i := 0; i < len(order); i++ {
			for _, l := range requires[order[i]] {
				if _, ok := reached[l.from]; !ok {
					reached[l.from] = link{order[i], l.rule}
					order = append(order, l.from)
				}
			}
		}
		for i, a := range order {
			for _, b := range order[:i] {
				x := conflicting(a, b)
				if x == nil {
					continue
				}
				// The chains of requirements from p to a and to b, and the rules in them.
				var chain []string
				var first *model.Rule // the rule of p's that starts the chain
				involvesOwn := x.own
				for _, end := range []string{a, b} {
					var links []string
					for n := end; n != p.Name; n = reached[n].from {
						l := reached[n]
						links = append(links, fmt.Sprintf("%s requires %s", l.from, n))
						involvesOwn = involvesOwn || own[l.rule]
						if l.from == p.Name && first == nil {
							first = l.rule
						}
					}
					slices.Reverse(links)
					for _, w := range links {
						if !slices.Contains(chain, w) {
							chain = append(chain, w)
						}
					}
				}
				if involvesOwn {
					c.report(first.Pos, fmt.Sprintf("%s.%s: the rules across its properties contradict each other: %s, and %s; %s could never be set",
						owner, p.GoName, strings.Join(chain, ", "), conflictWords(x.a, x.b, x.rule), p.Name))
				}
				continue properties // one contradiction per property is enough to fix it
			}
		}
	}
}

// conflictWords says why a and b cannot both be set, by the rule r.
func conflictWords(a, b string, r *model.Rule) string {
	if r.Kind == model.ExactlyOneOf {
		return fmt.Sprintf("%s and %s are of one exactlyOneOf= group", a, b)
	}
	return fmt.Sprintf("%s conflicts with %s", a, b)
}
