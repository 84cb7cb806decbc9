package load_test

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/idl/load"
)

var update = flag.Bool("update", false, "rewrite the expected outputs of golden cases")

// TestDiagnosticsGolden loads every golden case that expects diagnostics (a diagnostics.txt beside its
// idl/ directory, or a name starting with bad_) and compares the full list, positions included.
func TestDiagnosticsGolden(t *testing.T) {
	dirs, err := filepath.Glob("../../testdata/golden/*")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, dir := range dirs {
		want := filepath.Join(dir, "diagnostics.txt")
		if _, err := os.Stat(want); err != nil && !strings.HasPrefix(filepath.Base(dir), "bad_") {
			continue
		}
		n++
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Parallel()
			_, err := load.Load(load.Config{Dir: filepath.Join(dir, "idl"), WorkDir: dir})
			var diags load.Diagnostics
			if !errors.As(err, &diags) {
				t.Fatalf("want diagnostics, got error %v", err)
			}
			got := diags.Error() + "\n"
			if *update {
				if err := os.WriteFile(want, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			b, err := os.ReadFile(want)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if string(b) != got {
				t.Errorf("diagnostics differ\n--- want\n%s--- got\n%s", b, got)
			}
		})
	}
	if n < 40 {
		t.Errorf("only %d bad-input cases; the IDL rules need at least 40", n)
	}
}
