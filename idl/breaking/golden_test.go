package breaking_test

import (
	"bytes"
	"errors"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"testing"

	"github.com/cidlc/cidlc/idl/breaking"
	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/idl/previous"
	"github.com/cidlc/cidlc/internal/testsupport"
)

// TestGolden compares, for each case folder of testdata/breaking, the IDL in old/ with the IDL in new/
// as cidlc --breaking-against=old new -v reports it: every finding, positions relative to the case
// folder, then the exit status. Each rule has a case named after it (TestEveryRuleHasACase).
func TestGolden(t *testing.T) {
	root, err := filepath.Abs("../../testdata/breaking")
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		dir := filepath.Join(root, e.Name())
		t.Run(e.Name(), func(t *testing.T) {
			t.Parallel()
			testsupport.GoldenFile(t, filepath.Join(dir, "want.txt"), compareDirs(t, dir, filepath.Join(dir, "old"), filepath.Join(dir, "new")))
		})
	}
}

// compareDirs compares two IDL directories as the command does, and returns its verbose report.
func compareDirs(t *testing.T, wd, oldDir, newDir string) []byte {
	t.Helper()
	var out bytes.Buffer
	status := 0
	report, err := compare(wd, oldDir, newDir)
	var diags model.Diagnostics
	switch {
	case errors.As(err, &diags):
		// Malformed acceptances are problems of the IDL: printed as such, and the run fails.
		for _, d := range diags {
			fmt.Fprintln(&out, d)
		}
		status = 1
	case err != nil:
		t.Fatal(err)
	default:
		if err := report.WriteText(&out, wd, true); err != nil {
			t.Fatal(err)
		}
		if report.Failed() {
			status = 1
		}
	}
	fmt.Fprintf(&out, "exit status %d\n", status)
	return out.Bytes()
}

// compare compares two IDL directories as the command does.
func compare(wd, oldDir, newDir string) (*breaking.Report, error) {
	fset := token.NewFileSet()
	against := previous.Start(newDir, oldDir, fset)
	loaded, err := load.LoadPackages(load.Config{Dir: newDir, WorkDir: wd, FileSet: fset})
	if err != nil {
		return nil, err
	}
	against.Load(loaded)
	tree, err := loaded.Model()
	if err != nil {
		return nil, err
	}
	return against.Compare(loaded, tree, nil)
}

// TestJSON: the JSON report of --breaking-format=json, for cases with moves, removals, acceptances and
// remedies.
func TestJSON(t *testing.T) {
	for _, name := range []string{"accept-directive", "token-changed-across-directories", "token-changed-covered"} {
		t.Run(name, func(t *testing.T) {
			dir, err := filepath.Abs(filepath.Join("../../testdata/breaking", name))
			if err != nil {
				t.Fatal(err)
			}
			report, err := compare(dir, filepath.Join(dir, "old"), filepath.Join(dir, "new"))
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if err := report.WriteJSON(&out, dir, "old"); err != nil {
				t.Fatal(err)
			}
			testsupport.GoldenFile(t, filepath.Join(dir, "want.json"), out.Bytes())
		})
	}
}
