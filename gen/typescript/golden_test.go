package typescript_test

import (
	"path/filepath"
	"testing"

	"github.com/cidlc/cidlc/gen/typescript"
	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/internal/testsupport"
	"github.com/cidlc/cidlc/internal/testsupport/gentest"
)

// goldenRoot holds the golden cases; the example provider is one more case, whose expected package is
// what `make demo` writes.
const goldenRoot = "../../testdata/golden"

// packCases returns the golden cases that hold an expected TypeScript package, pack/ (see package
// testsupport for which case feeds which backend), and the example provider, whose pack/ is what `make
// demo` writes.
func packCases(t *testing.T) []testsupport.GoldenCase {
	t.Helper()
	cases := testsupport.GoldenCases(t, goldenRoot, testsupport.Pack)
	return append(cases, testsupport.GoldenCase{Name: "examples", Dir: filepath.Join("..", "..", "examples")})
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
			files, err := typescript.Backend{Release: gentest.Release(t, c)}.Generate(tree)
			if err != nil {
				t.Fatal(err)
			}
			gentest.GoldenTree(t, c.Expected(testsupport.Pack), files)
		})
	}
}
