package load_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/gen/golden"
	"github.com/cidlc/cidlc/idl/load"
)

// TestDiagnosticsGolden loads every golden case that expects diagnostics (a diagnostics.txt beside its
// idl/ directory, or a name starting with bad_) and compares the full list, positions included.
func TestDiagnosticsGolden(t *testing.T) {
	n := 0
	for _, c := range golden.Cases(t, "../../testdata/golden") {
		want := c.Path("diagnostics.txt")
		if _, err := os.Stat(want); err != nil && !strings.HasPrefix(c.Name, "bad_") {
			continue
		}
		n++
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			_, err := load.Load(load.Config{Dir: c.Path("idl"), WorkDir: c.Dir})
			var diags load.Diagnostics
			if !errors.As(err, &diags) {
				t.Fatalf("want diagnostics, got error %v", err)
			}
			golden.File(t, want, []byte(diags.Error()+"\n"))
		})
	}
	if n < 40 {
		t.Errorf("only %d bad-input cases; the IDL rules need at least 40", n)
	}
}
