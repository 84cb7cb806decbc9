package testsupport

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// An Expectation is an expected result that a golden case folder may hold, named as it is there.
type Expectation string

// The expectations of golden cases: which of them a case holds says which tests it feeds.
const (
	Diagnostics Expectation = "diagnostics.txt" // an invalid IDL: the loader's diagnostics
	Pack        Expectation = "pack"            // the TypeScript package
	Provider    Expectation = "provider"        // the Go provider stubs
	Schema      Expectation = "schema.json"     // the Pulumi package schema
	Docs        Expectation = "docs"            // the Pulumi Registry's pages
)

var expectations = []Expectation{Diagnostics, Pack, Provider, Schema, Docs}

// GoldenCase is one golden case folder.
type GoldenCase struct {
	// Name is the folder's name, for t.Run.
	Name string
	// Dir is the folder's path.
	Dir string
}

// Path returns the path of elem inside the case folder: c.Path("idl"), c.Path("diagnostics.txt").
func (c GoldenCase) Path(elem ...string) string {
	return filepath.Join(append([]string{c.Dir}, elem...)...)
}

// Expected returns the path of the case's expected result e.
func (c GoldenCase) Expected(e Expectation) string { return c.Path(string(e)) }

// Holds reports whether the case folder holds the expected result e.
func (c GoldenCase) Holds(e Expectation) bool {
	_, err := os.Stat(c.Expected(e))
	return err == nil
}

// GoldenCases returns the case folders in root that hold the expected result e, sorted by name. It fails
// the test if there are none (a typo in root must not pass as an empty suite), and if any folder of root
// is not a well-formed case: one without idl/ or without any expected result, which no test would read.
func GoldenCases(t testing.TB, root string, e Expectation) []GoldenCase {
	t.Helper()
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	var cases []GoldenCase
	for _, entry := range entries {
		if !entry.IsDir() {
			continue
		}
		c := GoldenCase{Name: entry.Name(), Dir: filepath.Join(root, entry.Name())}
		if err := c.wellFormed(); err != nil {
			t.Fatal(err)
		}
		if c.Holds(e) {
			cases = append(cases, c)
		}
	}
	if len(cases) == 0 {
		t.Fatalf("%s: no golden case holds %s", root, e)
	}
	return cases
}

// wellFormed returns an error if the case folder lacks idl/ or holds no expected result.
func (c GoldenCase) wellFormed() error {
	if _, err := os.Stat(c.Path("idl")); err != nil {
		return fmt.Errorf("golden case %s: no idl/ (%v)", c.Dir, err)
	}
	if !slices.ContainsFunc(expectations, c.Holds) {
		return fmt.Errorf("golden case %s: holds no expected result, so no test reads it; add an empty diagnostics.txt (an invalid IDL), or pack/, provider/, docs/ or schema.json, and run the tests with %s=1",
			c.Dir, UpdateEnv)
	}
	return nil
}
