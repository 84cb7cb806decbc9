package gen_test

import (
	"errors"
	"fmt"
	"go/token"
	"slices"
	"testing"

	"github.com/cidlc/cidlc/gen"
)

func TestDiagnosticsOf(t *testing.T) {
	at := func(file string, line int, msg string) gen.Diagnostic {
		return gen.Diagnostic{Pos: token.Position{Filename: file, Line: line, Column: 2}, Msg: msg}
	}
	// As Generate and a joined backend wrap them: per output directory, per backend, joined.
	err := errors.Join(
		fmt.Errorf("pack: backend typescript: %w", gen.Diagnostics{at("/w/idl/b.go", 3, "B"), at("/w/idl/a.go", 9, "A2")}),
		fmt.Errorf("provider: backend gostub: %w", errors.Join(
			gen.Diagnostics{at("/w/idl/a.go", 4, "A1")},
			gen.Diagnostics{at("/w/idl/b.go", 3, "B"), at("/elsewhere/c.go", 1, "C")}, // B twice: reported once
		)),
	)
	got, ok := gen.DiagnosticsOf(err, "/w")
	if !ok {
		t.Fatalf("DiagnosticsOf(%v) found no diagnostics", err)
	}
	var lines []string
	for _, d := range got {
		lines = append(lines, d.String())
	}
	want := []string{"../elsewhere/c.go:1:2: C", "idl/a.go:4:2: A1", "idl/a.go:9:2: A2", "idl/b.go:3:2: B"}
	if !slices.Equal(lines, want) {
		t.Errorf("DiagnosticsOf = %q, want %q", lines, want)
	}

	for _, err := range []error{
		nil,
		errors.New("a backend failed"),
		errors.Join(gen.Diagnostics{at("/w/a.go", 1, "A")}, errors.New("a backend failed")),
		fmt.Errorf("x: %w", gen.Diagnostics{}),
	} {
		if ds, ok := gen.DiagnosticsOf(err, "/w"); ok {
			t.Errorf("DiagnosticsOf(%v) = %v, true; want false: not only diagnostics", err, ds)
		}
	}
}
