package breaking

import (
	"fmt"
	"go/token"
	"slices"
	"strings"

	"github.com/cidlc/cidlc/idl/model"
)

// A Remedy is what the new IDL does about a break of existing stacks so that it breaks nothing: it
// declares a moved resource's earlier token (formerly=), which the TypeScript package gives the engine
// as an alias and the provider answers, or it raises a resource's state version (stateVersion=), so
// that the provider migrates the state that older versions wrote. A finding that a remedy covers does
// not fail the run; it is printed as safe, with its remedy.
//
// Only the stacks' side of a change has a remedy: a change that also breaks programs is a second
// finding (see Finding), which no remedy covers.
type Remedy struct {
	// Kind is the kind of remedy: RemedyAlias or RemedyMigration.
	Kind string
	// Text says what the remedy is and does, for the report.
	Text string
}

// The kinds of remedy, as Rule.Remedy and Remedy.Kind name them.
const (
	RemedyAlias     = "alias"
	RemedyMigration = "migration"
)

// scope is the declaration whose members, values or token the comparison is reporting on, in both
// versions; nil outside one (the configuration, constants).
type scope struct{ old, new *decl }

// remedyFor returns the remedy of the new IDL that covers a finding of rule r in the current scope, or
// nil; and, when there is none, how the author could give one, for the finding's hint.
func (c *comparer) remedyFor(r *Rule) (*Remedy, string) {
	s := c.scope
	if r.Remedy() == "" || s == nil {
		return nil, ""
	}
	if r.Remedy() == RemedyAlias {
		if slices.Contains(s.new.resource.Formerly, s.old.Token) {
			return &Remedy{RemedyAlias, fmt.Sprintf("%s declares its earlier token (formerly=%s), which the TypeScript package gives the engine as an alias and the provider answers",
				s.new.subject(), s.old.Token)}, ""
		}
		if f := s.new.resource.Formerly; len(f) > 0 {
			return nil, fmt.Sprintf("; or declare the earlier token on its marker: its formerly= lists %s, not %s", strings.Join(f, "|"), s.old.Token)
		}
		return nil, fmt.Sprintf(`; or declare the earlier token on its marker (%s %s), and keep the move`, markerOf(s.new.resource), tag("formerly="+s.old.Token))
	}
	// A migration: every resource whose state holds what changed must migrate from its old version.
	pairs, configured := c.storers(s)
	if len(pairs) == 0 || configured {
		return nil, ""
	}
	var covered, missing []string
	for _, p := range pairs {
		o, n := p[0], p[1]
		name := n.Decl.QualifiedName()
		if n.StateVersion > o.StateVersion {
			covered = append(covered, fmt.Sprintf("%s (state version %d, and %sProviderOps.MigrateFrom%d)", name, n.StateVersion, n.Name, o.StateVersion))
			continue
		}
		missing = append(missing, fmt.Sprintf("raise %s's state version to %d (%s %s) and convert the old state in its ops' MigrateFrom%d",
			name, o.StateVersion+1, markerOf(n), tag(fmt.Sprintf("stateVersion=%d", o.StateVersion+1)), o.StateVersion))
	}
	if len(missing) > 0 {
		return nil, "; or migrate the state that older versions wrote: " + strings.Join(missing, "; ")
	}
	return &Remedy{RemedyMigration, "the provider migrates the state that older versions wrote: " + listed(covered, 5)}, ""
}

// storers returns the pairs of old and new resources whose state holds what the scope declares, and
// whether stacks' configuration holds it too, which no migration reaches.
func (c *comparer) storers(s *scope) (pairs [][2]*model.Resource, configured bool) {
	if s.old.resource != nil {
		return [][2]*model.Resource{{s.old.resource, s.new.resource}}, false
	}
	for _, o := range c.old.storers[s.old.Decl] {
		n, ok := c.match[&o.Decl]
		if !ok {
			continue // removed or changed kind: reported as such
		}
		pairs = append(pairs, [2]*model.Resource{o, c.new.byDecl[n].resource})
	}
	return pairs, c.old.configured[s.old.Decl]
}

// markerOf names the marker a resource embeds, for a hint.
func markerOf(r *model.Resource) string {
	if r.Named {
		return "idl.NamedResource"
	}
	return "idl.Resource"
}

// tag writes a lumi tag with one option, for a hint.
func tag(option string) string { return "`lumi:\"" + option + "\"`" }

// remedies says which rules a remedy can cover, and which: the stacks' side of a move, and of a change of
// what state holds.
var remedies = map[*Rule]string{
	TokenChanged:           RemedyAlias,
	StoredTypeChanged:      RemedyMigration,
	WireNameChanged:        RemedyMigration,
	StoredEnumValueRemoved: RemedyMigration,
	EnumValueChanged:       RemedyMigration,
	NamedResourceAdded:     RemedyMigration,
}

// Remedy returns the kind of remedy that can cover the rule's findings (RemedyAlias, RemedyMigration),
// or "" when none can.
func (r *Rule) Remedy() string { return remedies[r] }

// reportStacks reports a finding of a rule that a remedy may cover: a change, and what it does to
// existing stacks unless the new IDL remedies it. A covered finding says the change and the remedy; an
// uncovered one the change, its consequence, and how to avoid it, a remedy included.
func (c *comparer) reportStacks(r *Rule, subject string, old, new token.Position, change, consequence, hint string) {
	remedy, how := c.remedyFor(r)
	if remedy != nil {
		c.findings = append(c.findings, &Finding{Rule: r, Subject: subject, Old: old, New: new, Message: change + "; " + remedy.Text, Remedy: remedy})
		return
	}
	c.report(r, subject, old, new, change+": "+consequence, hint+how)
}
