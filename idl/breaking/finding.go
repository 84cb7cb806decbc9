package breaking

import (
	"cmp"
	"go/token"
	"slices"
	"strings"
)

// A Finding is one change between the old and the new IDL.
type Finding struct {
	Rule *Rule
	// Subject names what changed as programs name it: the TypeScript path without the package
	// (`network.Subnet`, `Region` at the root), a member after a dot in its wire name
	// (`network.Subnet.cidrBlock`), an enum value or a constant by its constant's name
	// (`network.ProtocolTCP`).
	Subject string
	// Old and New are the positions of the subject in each version; Old is zero for an addition, New for
	// a removal.
	Old, New token.Position
	// Message says what changed and whom it breaks; Hint, when there is one, how to avoid the break.
	Message string
	Hint    string
	// Accepted is the acceptance that covers the finding, or nil.
	Accepted *Acceptance
	// Remedy is what the new IDL does about the finding so that it breaks nothing, or nil (see Remedy).
	Remedy *Remedy
}

// Pos is where the finding is reported: in the new IDL, or in the old one for what was removed.
func (f *Finding) Pos() token.Position {
	if f.New.Filename != "" {
		return f.New
	}
	return f.Old
}

// Fails reports whether the finding fails a run: a breaking change that no remedy and no acceptance
// covers.
func (f *Finding) Fails() bool {
	return f.Rule.Severity == Breaking && f.Accepted == nil && f.Remedy == nil
}

// Handled reports whether a remedy or an acceptance covers the finding.
func (f *Finding) Handled() bool { return f.Accepted != nil || f.Remedy != nil }

// A Report is the outcome of a comparison.
type Report struct {
	// Findings, sorted by position, then rule.
	Findings []*Finding
	// Unused are the acceptances that matched no finding: stale once the change they accept is in the
	// version compared against, or mistyped.
	Unused []*Acceptance
}

// Failed reports whether some finding fails the run.
func (r *Report) Failed() bool { return slices.ContainsFunc(r.Findings, (*Finding).Fails) }

// Count returns how many findings have severity s, without those that a remedy or an acceptance
// covers.
func (r *Report) Count(s Severity) int {
	n := 0
	for _, f := range r.Findings {
		if f.Rule.Severity == s && !f.Handled() {
			n++
		}
	}
	return n
}

// sortFindings orders findings by where they are reported, then by rule and subject, so that output is
// stable.
func sortFindings(fs []*Finding) {
	slices.SortStableFunc(fs, func(a, b *Finding) int {
		pa, pb := a.Pos(), b.Pos()
		return cmp.Or(strings.Compare(pa.Filename, pb.Filename), cmp.Compare(pa.Line, pb.Line), cmp.Compare(pa.Column, pb.Column),
			strings.Compare(a.Rule.ID, b.Rule.ID), strings.Compare(a.Subject, b.Subject))
	})
}
