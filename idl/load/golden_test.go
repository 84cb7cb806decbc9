package load_test

import (
	"errors"
	"testing"

	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/internal/testsupport"
)

// TestDiagnosticsGolden loads every golden case that expects diagnostics (a diagnostics.txt beside its
// idl/ directory) and compares the full list, positions included.
func TestDiagnosticsGolden(t *testing.T) {
	cases := testsupport.GoldenCases(t, "../../testdata/golden", testsupport.Diagnostics)
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			_, err := load.Load(load.Config{Dir: c.Path("idl"), WorkDir: c.Dir})
			var diags load.Diagnostics
			if !errors.As(err, &diags) {
				t.Fatalf("want diagnostics, got error %v", err)
			}
			testsupport.GoldenFile(t, c.Expected(testsupport.Diagnostics), []byte(diags.Error()+"\n"))
		})
	}
	if n := len(cases); n < 40 {
		t.Errorf("only %d bad-input cases; the IDL rules need at least 40", n)
	}
}
