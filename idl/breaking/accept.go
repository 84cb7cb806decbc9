package breaking

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/cidlc/cidlc/idl/model"
)

// An Acceptance declares a change intended, so that its findings no longer fail the run: the findings of
// one rule, for one subject or (from the command line only) for all.
//
// Acceptances come from two places. A directive in the new IDL, next to the change, records the decision
// where reviewers see it, with its reason, and goes away with the next release:
//
//	// Region is where the subnet lives.
//	//cidlc:accept type-changed:network.Subnet.region regions are an enum since 2.0
//	Region Region
//
// The --breaking-accept=RULE[:SUBJECT] flag accepts for one run (a CI job of a major release).
type Acceptance struct {
	Rule    *Rule
	Subject string // "" accepts every finding of the rule
	Reason  string
	// Pos is where the directive stands; zero for the flag.
	Pos token.Position

	used bool
}

// DirectiveName is the name of the directive that accepts a change: //cidlc:accept.
const DirectiveName = "accept"

// ParseAcceptance parses RULE[:SUBJECT], the value of --breaking-accept.
func ParseAcceptance(s string) (*Acceptance, error) {
	id, subject, _ := strings.Cut(strings.TrimSpace(s), ":")
	r := RuleByID(id)
	if r == nil {
		return nil, fmt.Errorf("%q is not a rule ID; `cidlc --breaking-rules` lists them", id)
	}
	return &Acceptance{Rule: r, Subject: subject}, nil
}

// Acceptances returns the acceptances that the //cidlc:accept directives of the tree declare, with a
// diagnostic for each that is malformed. A directive names one subject and gives a reason: accepting a
// whole rule is a decision for the command line, not for a comment.
func Acceptances(t *model.Tree) ([]*Acceptance, model.Diagnostics) {
	var accs []*Acceptance
	var diags model.Diagnostics
	for _, pkg := range t.Packages {
		for _, f := range pkg.Files {
			for _, d := range f.Directives {
				if d.Name != DirectiveName {
					continue
				}
				target, reason, _ := strings.Cut(d.Args, " ")
				id, subject, _ := strings.Cut(target, ":")
				a := &Acceptance{Rule: RuleByID(id), Subject: subject, Reason: strings.TrimSpace(reason), Pos: d.Pos}
				switch {
				case a.Rule == nil:
					diags = append(diags, model.Diagnostic{Pos: d.Pos,
						Msg: fmt.Sprintf("//cidlc:accept: %q is not a rule ID; write //cidlc:accept RULE:SUBJECT REASON, as a finding names them", id)})
				case subject == "":
					diags = append(diags, model.Diagnostic{Pos: d.Pos,
						Msg: "//cidlc:accept " + id + ": name the subject the finding names (RULE:SUBJECT); to accept a rule everywhere, use --breaking-accept"})
				case a.Reason == "":
					diags = append(diags, model.Diagnostic{Pos: d.Pos,
						Msg: "//cidlc:accept " + target + ": give the reason after it, for the reviewers and the release notes"})
				default:
					accs = append(accs, a)
				}
			}
		}
	}
	return accs, diags.Sorted()
}

// Accept marks the findings that an acceptance covers, and records in r.Unused the acceptances that
// cover nothing.
func (r *Report) Accept(accs []*Acceptance) {
	for _, f := range r.Findings {
		for _, a := range accs {
			if a.Rule == f.Rule && (a.Subject == "" || a.Subject == f.Subject) {
				a.used = true
				if f.Accepted == nil {
					f.Accepted = a
				}
			}
		}
	}
	for _, a := range accs {
		if !a.used {
			r.Unused = append(r.Unused, a)
		}
	}
}

// String writes the acceptance as it is written: RULE[:SUBJECT].
func (a *Acceptance) String() string {
	if a.Subject == "" {
		return a.Rule.ID
	}
	return a.Rule.ID + ":" + a.Subject
}
