package load_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/internal/testsupport"
)

// TestDiagnosticsGolden loads every golden case that expects diagnostics (a diagnostics.txt beside its
// idl/ directory) and compares the full list, positions included. A case that holds nothing else is an
// invalid IDL, which must fail to load; one that also holds outputs is a valid IDL with warnings, which
// the model carries.
func TestDiagnosticsGolden(t *testing.T) {
	cases := testsupport.GoldenCases(t, "../../testdata/golden", testsupport.Diagnostics)
	invalid := 0
	for _, c := range cases {
		valid := slices.ContainsFunc([]testsupport.Expectation{testsupport.Pack, testsupport.Provider, testsupport.Schema}, c.Holds)
		if !valid {
			invalid++
		}
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			tree, err := load.Load(load.Config{Dir: c.Path("idl"), WorkDir: c.Dir})
			var diags load.Diagnostics
			switch {
			case valid && err != nil:
				t.Fatalf("a case with outputs is a valid IDL, with warnings in diagnostics.txt; it does not load:\n%v", err)
			case valid:
				if diags = tree.Warnings; len(diags) == 0 {
					t.Fatal("a valid IDL with a diagnostics.txt must have warnings; it has none")
				}
			case !errors.As(err, &diags):
				t.Fatalf("want diagnostics, got error %v", err)
			}
			testsupport.GoldenFile(t, c.Expected(testsupport.Diagnostics), []byte(diags.Error()+"\n"))
		})
	}
	if invalid < 40 {
		t.Errorf("only %d bad-input cases; the IDL rules need at least 40", invalid)
	}
}
