package breaking

import (
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"path/filepath"
	"strings"

	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/base/paths"
)

// Diagnostic returns the finding as a diagnostic line, its file relative to wd:
//
//	idl/ec2/subnet.go:14:2: ec2.Subnet.vpcID: BREAKING (required-input-added, source): a new required input breaks every program that creates a Subnet; make it optional or give it a default
//
// A safe change reads `safe (rule)`, a warning `warning (rule, category)`, an accepted breaking change
// `accepted BREAKING (…)`, followed by the acceptance, and one that a remedy covers `safe (rule,
// category, covered by an alias)`, its message saying the remedy.
func (f *Finding) Diagnostic(wd string) model.Diagnostic {
	var b strings.Builder
	if f.Subject != "" {
		b.WriteString(f.Subject + ": ")
	}
	if f.Accepted != nil && f.Remedy == nil {
		b.WriteString("accepted ")
	}
	switch {
	case f.Remedy != nil:
		fmt.Fprintf(&b, "safe (%s, %s, covered by %s %s): ", f.Rule.ID, f.Rule.Category, article(f.Remedy.Kind), f.Remedy.Kind)
	case f.Rule.Severity == Breaking:
		fmt.Fprintf(&b, "BREAKING (%s, %s): ", f.Rule.ID, f.Rule.Category)
	case f.Rule.Severity == Warning:
		fmt.Fprintf(&b, "warning (%s, %s): ", f.Rule.ID, f.Rule.Category)
	default:
		fmt.Fprintf(&b, "safe (%s): ", f.Rule.ID)
	}
	b.WriteString(f.Message)
	if f.Hint != "" {
		b.WriteString("; " + f.Hint)
	}
	if a := f.Accepted; a != nil && f.Remedy == nil {
		b.WriteString(" [accepted")
		if a.Pos.Filename != "" {
			fmt.Fprintf(&b, " at %s", relative(wd, a.Pos))
		} else {
			b.WriteString(" by --breaking-accept=" + a.String())
		}
		if a.Reason != "" {
			b.WriteString(": " + a.Reason)
		}
		b.WriteString("]")
	}
	return model.Diagnostic{Pos: relative(wd, f.Pos()), Msg: b.String()}
}

// UnusedDiagnostic says that an acceptance covers nothing.
func (a *Acceptance) UnusedDiagnostic(wd string) model.Diagnostic {
	if a.Pos.Filename == "" {
		return model.Diagnostic{Msg: fmt.Sprintf("--breaking-accept=%s accepts nothing: no finding has that rule and subject", a)}
	}
	return model.Diagnostic{Pos: relative(wd, a.Pos),
		Msg: fmt.Sprintf("//cidlc:accept %s accepts nothing: no finding has that rule and subject (once the change is in the version compared against, remove the directive)", a)}
}

// WriteText writes the findings as diagnostic lines, file names relative to wd: with verbose, every
// finding; otherwise the breaking changes and warnings that no acceptance covers, and those that a
// remedy covers (a release depends on its remedies: reviewers should see them). Unused acceptances
// follow.
func (r *Report) WriteText(w io.Writer, wd string, verbose bool) error {
	for _, f := range r.Findings {
		if verbose || f.Remedy != nil || f.Accepted == nil && f.Rule.Severity != Info {
			if _, err := fmt.Fprintln(w, f.Diagnostic(wd)); err != nil {
				return err
			}
		}
	}
	for _, a := range r.Unused {
		if _, err := fmt.Fprintln(w, a.UnusedDiagnostic(wd)); err != nil {
			return err
		}
	}
	return nil
}

// Summary counts the findings in words: "2 breaking changes, 1 warning, 3 safe changes, 2 covered by a
// remedy, 1 accepted".
func (r *Report) Summary() string {
	accepted, covered := 0, 0
	for _, f := range r.Findings {
		switch {
		case f.Remedy != nil:
			covered++
		case f.Accepted != nil:
			accepted++
		}
	}
	parts := []string{
		counted(r.Count(Breaking), "breaking change"),
		counted(r.Count(Warning), "warning"),
		counted(r.Count(Info), "safe change"),
	}
	if covered > 0 {
		parts = append(parts, fmt.Sprintf("%d covered by a remedy", covered))
	}
	if accepted > 0 {
		parts = append(parts, fmt.Sprintf("%d accepted", accepted))
	}
	return strings.Join(parts, ", ")
}

func counted(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// JSONVersion is the version of the JSON format (--breaking-format=json). A field's meaning never
// changes within a version; fields may be added.
const JSONVersion = 1

// The JSON format, documented in docs/breaking.md.
type (
	jsonReport struct {
		Version  int            `json:"version"`
		Against  string         `json:"against"`
		Failed   bool           `json:"failed"`
		Counts   jsonCounts     `json:"counts"`
		Findings []jsonFinding  `json:"findings"`
		Unused   []jsonAccepted `json:"unusedAcceptances"`
	}
	jsonCounts struct {
		Breaking int `json:"breaking"`
		Warning  int `json:"warning"`
		Safe     int `json:"safe"`
		Accepted int `json:"accepted"`
		Covered  int `json:"covered"`
	}
	jsonFinding struct {
		Rule     string        `json:"rule"`
		Category Category      `json:"category"`
		Severity Severity      `json:"severity"`
		Subject  string        `json:"subject"`
		File     string        `json:"file"`
		Line     int           `json:"line"`
		Column   int           `json:"column"`
		Old      *jsonPosition `json:"old,omitempty"`
		New      *jsonPosition `json:"new,omitempty"`
		Message  string        `json:"message"`
		Hint     string        `json:"hint,omitempty"`
		Accepted *jsonAccepted `json:"accepted,omitempty"`
		Remedy   *jsonRemedy   `json:"remedy,omitempty"`
	}
	jsonRemedy struct {
		Kind string `json:"kind"`
		Text string `json:"text"`
	}
	jsonPosition struct {
		File   string `json:"file"`
		Line   int    `json:"line"`
		Column int    `json:"column"`
	}
	jsonAccepted struct {
		Rule    string        `json:"rule"`
		Subject string        `json:"subject,omitempty"`
		Reason  string        `json:"reason,omitempty"`
		At      *jsonPosition `json:"at,omitempty"`
	}
)

// WriteJSON writes every finding, accepted or not, safe ones included, as one JSON document, file names
// relative to wd. against names the version compared against.
func (r *Report) WriteJSON(w io.Writer, wd, against string) error {
	out := jsonReport{Version: JSONVersion, Against: against, Failed: r.Failed(), Findings: []jsonFinding{}, Unused: []jsonAccepted{}}
	for _, f := range r.Findings {
		pos := relative(wd, f.Pos())
		jf := jsonFinding{Rule: f.Rule.ID, Category: f.Rule.Category, Severity: f.Rule.Severity, Subject: f.Subject,
			File: filepath.ToSlash(pos.Filename), Line: pos.Line, Column: pos.Column,
			Old: jsonPos(wd, f.Old), New: jsonPos(wd, f.New), Message: f.Message, Hint: f.Hint}
		switch {
		case f.Remedy != nil:
			out.Counts.Covered++
			jf.Remedy = &jsonRemedy{Kind: f.Remedy.Kind, Text: f.Remedy.Text}
		case f.Accepted != nil:
			out.Counts.Accepted++
			jf.Accepted = jsonAccept(wd, f.Accepted)
		case f.Rule.Severity == Breaking:
			out.Counts.Breaking++
		case f.Rule.Severity == Warning:
			out.Counts.Warning++
		default:
			out.Counts.Safe++
		}
		out.Findings = append(out.Findings, jf)
	}
	for _, a := range r.Unused {
		out.Unused = append(out.Unused, *jsonAccept(wd, a))
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func jsonPos(wd string, p token.Position) *jsonPosition {
	if p.Filename == "" {
		return nil
	}
	p = relative(wd, p)
	return &jsonPosition{File: filepath.ToSlash(p.Filename), Line: p.Line, Column: p.Column}
}

func jsonAccept(wd string, a *Acceptance) *jsonAccepted {
	return &jsonAccepted{Rule: a.Rule.ID, Subject: a.Subject, Reason: a.Reason, At: jsonPos(wd, a.Pos)}
}

// relative returns p with its file name relative to wd.
func relative(wd string, p token.Position) token.Position {
	p.Filename = paths.Rel(wd, p.Filename)
	return p
}
