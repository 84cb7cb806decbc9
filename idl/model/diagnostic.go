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
type Diagnostic struct {
	Pos token.Position
	Msg string
}

// String formats the diagnostic as `file:line:col: message`, with the file as recorded in Pos.
func (d Diagnostic) String() string {
	switch {
	case d.Pos.Filename == "":
		return d.Msg
	case d.Pos.Line == 0:
		return d.Pos.Filename + ": " + d.Msg
	case d.Pos.Column == 0:
		return fmt.Sprintf("%s:%d: %s", d.Pos.Filename, d.Pos.Line, d.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", d.Pos.Filename, d.Pos.Line, d.Pos.Column, d.Msg)
}

// Diagnostics is an error holding every problem found, one per line.
type Diagnostics []Diagnostic

func (ds Diagnostics) Error() string {
	lines := make([]string, len(ds))
	for i, d := range ds {
		lines[i] = d.String()
	}
	return strings.Join(lines, "\n")
}

// Sorted sorts ds in place by file, line, column and message, and drops exact duplicates (go/packages
// reports some errors once per importing package).
func (ds Diagnostics) Sorted() Diagnostics {
	slices.SortStableFunc(ds, func(a, b Diagnostic) int {
		return cmp.Or(strings.Compare(a.Pos.Filename, b.Pos.Filename), cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Column, b.Pos.Column), strings.Compare(a.Msg, b.Msg))
	})
	return slices.Compact(ds)
}
