package gen

import (
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/base/paths"
)

// Diagnostic and Diagnostics are the model's: a backend returns Diagnostics for the problems of the IDL
// that only it can see (the IDL is valid, but the backend's output cannot express it: two declarations
// whose generated names collide, say), positioned and printed like the loader's.
type (
	Diagnostic  = model.Diagnostic
	Diagnostics = model.Diagnostics
)

// DiagnosticsOf returns the diagnostics in err, the error of backends run together (outdir.Generate,
// outdir.Stage), when every error it holds (through errors.Join and %w wrapping, as they wrap each
// backend's error with its output directory) is Diagnostics: sorted by position, each once, with file
// names relative to wd when they are absolute. It returns false when err holds any other error, such as
// a backend's failure.
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
		all[i].Pos.Filename = paths.Rel(wd, all[i].Pos.Filename)
	}
	return all.Sorted(), true
}
