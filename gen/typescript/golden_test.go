package typescript_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/gen/golden"
	"github.com/cidlc/cidlc/gen/typescript"
	"github.com/cidlc/cidlc/idl/load"
)

// goldenRoot holds the golden cases; the example provider is one more case, whose expected package is
// what `make demo` writes.
const goldenRoot = "../../testdata/golden"

// packCases returns the golden cases whose pack/ is an expected TypeScript package: the cases named
// ts_*, which are this backend's (-update creates their pack/), any other case that holds a pack/ (a case
// made for another backend opts in that way), and the example provider, whose pack/ is what `make demo`
// writes.
func packCases(t *testing.T) []golden.Case {
	t.Helper()
	var cases []golden.Case
	for _, c := range golden.Cases(t, goldenRoot) {
		if _, err := os.Stat(c.Path("pack")); err == nil || strings.HasPrefix(c.Name, "ts_") {
			cases = append(cases, c)
		}
	}
	return append(cases, golden.Case{Name: "examples", Dir: filepath.Join("..", "..", "examples")})
}

// TestGolden generates the package of every case and compares it with the case's pack/.
func TestGolden(t *testing.T) {
	for _, c := range packCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			tree, err := load.Load(load.Config{Dir: c.Path("idl")})
			if err != nil {
				t.Fatal(err)
			}
			files, err := typescript.Backend{}.Generate(tree)
			if err != nil {
				t.Fatal(err)
			}
			golden.Tree(t, c.Path("pack"), files)
		})
	}
}
