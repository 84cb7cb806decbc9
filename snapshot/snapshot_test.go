package snapshot_test

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/testsupport"
	"github.com/cidlc/cidlc/snapshot"
)

var (
	loadOnce sync.Once
	tree     *model.Tree
	loadErr  error
)

// testIDL loads testdata/idl, the IDL of the MuGL note's example.
func testIDL(t testing.TB) *snapshot.Validator {
	t.Helper()
	loadOnce.Do(func() { tree, loadErr = load.Load(load.Config{Dir: "testdata/idl"}) })
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	v, err := snapshot.New(tree)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// report is what the goldens hold: a summary line, then the diagnostics.
func report(res *snapshot.Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s: %d vertices, %d checked", res.Format, res.Vertices, res.Checked)
	for _, t := range slices.Sorted(maps.Keys(res.Skipped)) {
		fmt.Fprintf(&b, ", skipped %d of %s", res.Skipped[t], t)
	}
	b.WriteString("\n")
	for _, d := range res.Diagnostics {
		b.WriteString(d.String())
		b.WriteString("\n")
	}
	return b.String()
}

// TestGolden validates each snapshot of testdata/mugl and testdata/pulumi against testdata/idl and
// compares the diagnostics with its .golden file; CIDLC_UPDATE=1 rewrites them (see package testsupport).
func TestGolden(t *testing.T) {
	v := testIDL(t)
	files, _ := filepath.Glob("testdata/*/*.json")
	if len(files) == 0 {
		t.Fatal("no snapshots in testdata")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.ToSlash(file), ".json")[len("testdata/"):], func(t *testing.T) {
			f, err := os.Open(file)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			res, err := v.Validate(filepath.ToSlash(file), f)
			if err != nil {
				t.Fatal(err)
			}
			testsupport.GoldenFile(t, strings.TrimSuffix(file, ".json")+".golden", []byte(report(res)))
		})
	}
}
