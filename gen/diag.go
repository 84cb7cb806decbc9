package gen

import (
	"fmt"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
)

// A Diagnostic is a problem of the IDL that only a backend can see: the IDL is valid, but the backend's
// output cannot express it (two declarations whose generated names collide, say). It is positioned in
// the IDL's source like the loader's diagnostics, with its subject first, and the command prints both
// kinds the same way.
type Diagnostic struct {
	Pos token.Position
	Msg string
}

// String formats the diagnostic as `file:line:col: message`.
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

// Diagnostics is the error a backend returns for the problems of the IDL it finds: all of them.
type Diagnostics []Diagnostic

func (ds Diagnostics) Error() string {
	lines := make([]string, len(ds))
	for i, d := range ds {
		lines[i] = d.String()
	}
	return strings.Join(lines, "\n")
}

// DiagnosticsOf returns the diagnostics in err, an error of Generate, when every error it holds (through
// errors.Join and %w wrapping, as Generate wraps each backend's error with its output directory) is
// Diagnostics: sorted by position, each once, with file names relative to wd when they are absolute. It
// returns false when err holds any other error, such as a backend's failure.
func DiagnosticsOf(err error, wd string) (Diagnostics, bool) {
	var all Diagnostics
	var walk func(error) bool
	walk = func(err error) bool {
		switch e := err.(type) {
		case nil:
			return true
		case Diagnostics:
			all = append(all, e...)
			return true
		case interface{ Unwrap() []error }:
			for _, inner := range e.Unwrap() {
				if !walk(inner) {
					return false
				}
			}
			return true
		case interface{ Unwrap() error }:
			return walk(e.Unwrap())
		}
		return false
	}
	if err == nil || !walk(err) || len(all) == 0 {
		return nil, false
	}
	for i := range all {
		if name := all[i].Pos.Filename; filepath.IsAbs(name) {
			if rel, err := filepath.Rel(wd, name); err == nil {
				all[i].Pos.Filename = rel
			}
		}
	}
	slices.SortStableFunc(all, func(a, b Diagnostic) int {
		if c := strings.Compare(a.Pos.Filename, b.Pos.Filename); c != 0 {
			return c
		}
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line - b.Pos.Line
		}
		if a.Pos.Column != b.Pos.Column {
			return a.Pos.Column - b.Pos.Column
		}
		return strings.Compare(a.Msg, b.Msg)
	})
	return slices.Compact(all), true
}
