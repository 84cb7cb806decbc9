package breaking

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/cidlc/cidlc/idl/model"
)

// bound is one numeric contract option, read from Constraints.
type bound struct {
	option string
	get    func(*model.Constraints) (float64, bool)
	// lower: a lower bound (min=, minLength=, …), which narrows when it rises; an upper bound narrows
	// when it falls.
	lower bool
}

func floatOpt(f func(*model.Constraints) *float64) func(*model.Constraints) (float64, bool) {
	return func(c *model.Constraints) (float64, bool) {
		if c == nil || f(c) == nil {
			return 0, false
		}
		return *f(c), true
	}
}

func intOpt(f func(*model.Constraints) *int) func(*model.Constraints) (float64, bool) {
	return func(c *model.Constraints) (float64, bool) {
		if c == nil || f(c) == nil {
			return 0, false
		}
		return float64(*f(c)), true
	}
}

// bounds are the numeric contract options, in the order of the IDL manual.
var bounds = []bound{
	{"min", floatOpt(func(c *model.Constraints) *float64 { return c.Min }), true},
	{"max", floatOpt(func(c *model.Constraints) *float64 { return c.Max }), false},
	{"exclusiveMin", floatOpt(func(c *model.Constraints) *float64 { return c.ExclusiveMin }), true},
	{"exclusiveMax", floatOpt(func(c *model.Constraints) *float64 { return c.ExclusiveMax }), false},
	{"minLength", intOpt(func(c *model.Constraints) *int { return c.MinLength }), true},
	{"maxLength", intOpt(func(c *model.Constraints) *int { return c.MaxLength }), false},
	{"minItems", intOpt(func(c *model.Constraints) *int { return c.MinItems }), true},
	{"maxItems", intOpt(func(c *model.Constraints) *int { return c.MaxItems }), false},
	{"minProperties", intOpt(func(c *model.Constraints) *int { return c.MinProperties }), true},
	{"maxProperties", intOpt(func(c *model.Constraints) *int { return c.MaxProperties }), false},
}

// compareContracts reports the contract options of a member that accept fewer values (narrowed) or more
// (widened), and a pattern that changed, which cidlc cannot order. Contracts are checked on inputs only,
// so a narrowed one breaks programs, never resources' state; stacks' configuration is an input checked
// on every run, so there it breaks stacks too. On an output or a function's result, a contract only
// documents what the provider returns.
func (c *comparer) compareContracts(w owner, o, n member) {
	subject := w.subject + "." + n.Name
	narrowed, widened, patterns := contractChanges(o.Constraints, n.Constraints)
	if !n.settable {
		if changes := slices.Concat(narrowed, widened, patterns); len(changes) > 0 {
			c.report(OutputContractChanged, subject, o.Pos, n.Pos,
				fmt.Sprintf("contract changed (%s): it documents what the provider returns, and nothing checks programs or state against it", strings.Join(changes, "; ")), "")
		}
		return
	}
	if len(narrowed) > 0 {
		fail := "now fail in the constructor and in the provider's Check, so their stacks cannot be updated"
		switch {
		case w.function != nil:
			fail = "now fail in the function and in the provider"
		case w.config != nil:
			fail = "now fail in the Provider's constructor"
		case w.resource != nil && n.Synthetic && n.Name == "name":
			// The provider checks a name only where it is new (naming.go): the names resources have
			// are facts of the cloud, and an autoname is cut to fit.
			fail = "for a name now fail in the constructor and in the provider's Check when they create or rename a resource with it; the names resources have are not checked again"
		}
		c.report(ContractNarrowed, subject, o.Pos, n.Pos,
			fmt.Sprintf("contract narrowed (%s): programs whose values the old contract accepted %s", strings.Join(narrowed, "; "), fail),
			"relax it again, or refuse the values in the ops' Check with a warning for a release first")
		if w.config != nil {
			c.report(ConfigContractNarrowed, subject, o.Pos, n.Pos,
				fmt.Sprintf("contract narrowed (%s): stacks whose %s:%s the old contract accepted can no longer configure the provider, not even to destroy their resources",
					strings.Join(narrowed, "; "), w.pkg, n.Name),
				"relax it again")
		}
	}
	if len(widened) > 0 {
		c.report(ContractWidened, subject, o.Pos, n.Pos, fmt.Sprintf("contract widened (%s)", strings.Join(widened, "; ")), "")
	}
	if len(patterns) > 0 {
		c.report(PatternChanged, subject, o.Pos, n.Pos,
			fmt.Sprintf("%s: values the old pattern accepted may now be refused, which cidlc cannot decide", strings.Join(patterns, "; ")),
			"keep the old pattern, or make sure the new one accepts every value the old one did (--validate-snapshot checks existing stacks)")
	}
}

// contractChanges lists the contract options that accept fewer values (narrowed) or more (widened),
// and the patterns that changed, as messages name them.
func contractChanges(o, n *model.Constraints) (narrowed, widened, patterns []string) {
	var walk func(prefix string, o, n *model.Constraints)
	walk = func(prefix string, o, n *model.Constraints) {
		if o == nil && n == nil {
			return
		}
		for _, b := range bounds {
			ov, oldOK := b.get(o)
			nv, newOK := b.get(n)
			name := prefix + b.option
			switch {
			case !oldOK && newOK:
				narrowed = append(narrowed, fmt.Sprintf("%s=%s added", name, number(nv)))
			case oldOK && !newOK:
				widened = append(widened, fmt.Sprintf("%s=%s removed", name, number(ov)))
			case oldOK && ov != nv:
				change := fmt.Sprintf("%s from %s to %s", name, number(ov), number(nv))
				if (nv > ov) == b.lower {
					narrowed = append(narrowed, change)
				} else {
					widened = append(widened, change)
				}
			}
		}
		om, nm := multipleOf(o), multipleOf(n)
		switch {
		case om == 0 && nm != 0:
			narrowed = append(narrowed, fmt.Sprintf("%smultipleOf=%s added", prefix, number(nm)))
		case om != 0 && nm == 0:
			widened = append(widened, fmt.Sprintf("%smultipleOf=%s removed", prefix, number(om)))
		case om != nm:
			// Every multiple of 4 is one of 2: from 2 to 4 narrows; from 4 to 2 widens; otherwise
			// some old values are refused.
			change := fmt.Sprintf("%smultipleOf from %s to %s", prefix, number(om), number(nm))
			if isMultiple(om, nm) {
				widened = append(widened, change)
			} else {
				narrowed = append(narrowed, change)
			}
		}
		ou, nu := o != nil && o.UniqueItems, n != nil && n.UniqueItems
		switch {
		case !ou && nu:
			narrowed = append(narrowed, prefix+"uniqueItems added")
		case ou && !nu:
			widened = append(widened, prefix+"uniqueItems removed")
		}
		op, np := pattern(o), pattern(n)
		switch {
		case op == "" && np != "":
			narrowed = append(narrowed, fmt.Sprintf("%spattern=%s added", prefix, np))
		case op != "" && np == "":
			widened = append(widened, fmt.Sprintf("%spattern=%s removed", prefix, op))
		case op != np:
			patterns = append(patterns, fmt.Sprintf("%spattern from %s to %s", prefix, op, np))
		}
		walk(prefix+"items.", items(o), items(n))
	}
	walk("", o, n)
	return narrowed, widened, patterns
}

func multipleOf(c *model.Constraints) float64 {
	if c == nil || c.MultipleOf == nil {
		return 0
	}
	return *c.MultipleOf
}

func pattern(c *model.Constraints) string {
	if c == nil {
		return ""
	}
	return c.Pattern
}

func items(c *model.Constraints) *model.Constraints {
	if c == nil {
		return nil
	}
	return c.Items
}

// isMultiple reports whether a is a whole multiple of b.
func isMultiple(a, b float64) bool {
	q := a / b
	return math.Abs(q-math.Round(q)) < 1e-9
}

// number writes a contract's number as the IDL does.
func number(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
