package model

import (
	"cmp"
	"fmt"
	"go/token"
	"slices"
	"strings"
)

// A Diagnostic is one problem of the IDL, at a position in its source, its subject first. The loader
// finds most (package load); a backend finds those only its output cannot express, such as two
// declarations whose generated names collide (package gen); package snapshot finds those of a snapshot
// validated against the IDL, at a position in the snapshot. All kinds print the same way.
//
// Most diagnostics are errors: the IDL cannot be compiled, and nothing is written. A warning is about an
// IDL that compiles, but in which something may not say what its author meant (a lumi tag that reads two
// ways); it never stops a run and never changes its exit status.
type Diagnostic struct {
	Pos token.Position
	Msg string
	// Severity is Error (the zero value) or Warning.
	Severity Severity
}

// Severity says whether a Diagnostic stops the run.
type Severity int

const (
	// Error: the IDL cannot be compiled as it is.
	Error Severity = iota
	// Warning: the IDL compiles, but may not mean what its author meant; the message says what to
	// write instead to make the meaning plain.
	Warning
)

// String formats the diagnostic as `file:line:col: message`, with the file as recorded in Pos, and
// `file:line:col: warning: message` for a warning, as Go's and C's compilers print theirs.
func (d Diagnostic) String() string {
	msg := d.Msg
	if d.Severity == Warning {
		msg = "warning: " + msg
	}
	switch {
	case d.Pos.Filename == "":
		return msg
	case d.Pos.Line == 0:
		return d.Pos.Filename + ": " + msg
	case d.Pos.Column == 0:
		return fmt.Sprintf("%s:%d: %s", d.Pos.Filename, d.Pos.Line, msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", d.Pos.Filename, d.Pos.Line, d.Pos.Column, msg)
}

// Diagnostics is an error holding every problem found, one per line. Warnings, when there are errors
// too, are among them, in position order.
type Diagnostics []Diagnostic

func (ds Diagnostics) Error() string {
	lines := make([]string, len(ds))
	for i, d := range ds {
		lines[i] = d.String()
	}
	return strings.Join(lines, "\n")
}

// Errors returns how many of ds are errors, not warnings.
func (ds Diagnostics) Errors() int {
	n := 0
	for _, d := range ds {
		if d.Severity == Error {
			n++
		}
	}
	return n
}

// Sorted sorts ds in place by file, line, column and message, and drops exact duplicates (go/packages
// reports some errors once per importing package).
func (ds Diagnostics) Sorted() Diagnostics {
	slices.SortStableFunc(ds, func(a, b Diagnostic) int {
		return cmp.Or(strings.Compare(a.Pos.Filename, b.Pos.Filename), cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Column, b.Pos.Column), strings.Compare(a.Msg, b.Msg), cmp.Compare(a.Severity, b.Severity))
	})
	return slices.Compact(ds)
}
