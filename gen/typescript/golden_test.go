package typescript_test

import (
	"path/filepath"
	"sync"
	"testing"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/gen/typescript"
	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/idl/model"
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

// generateCase loads the IDL of c and generates its package: the backend of c's release, the model and
// the files.
func generateCase(t *testing.T, c testsupport.GoldenCase) (typescript.Backend, *model.Tree, []*gen.File) {
	t.Helper()
	tree, err := load.Load(load.Config{Dir: c.Path("idl")})
	if err != nil {
		t.Fatal(err)
	}
	backend := typescript.Backend{Release: gentest.Release(t, c)}
	files, err := backend.Generate(tree)
	if err != nil {
		t.Fatal(err)
	}
	return backend, tree, files
}

// TestGolden generates the package of every case and compares it with the case's pack/.
func TestGolden(t *testing.T) {
	for _, c := range packCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			_, _, files := generateCase(t, c)
			gentest.GoldenTree(t, c.Expected(testsupport.Pack), files)
		})
	}
}

// TestStreamIsGenerate streams the package of every case, as cidlc does (outdir.Stage), and checks that it
// hands over the files Generate returns, byte for byte: Stream renders each file into a buffer that the
// next one reuses, so a file emitted before it was complete, or overwritten while emit still read it,
// would show here.
func TestStreamIsGenerate(t *testing.T) {
	for _, c := range packCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			backend, tree, files := generateCase(t, c)
			var mu sync.Mutex
			streamed := map[string]string{}
			err := backend.Stream(tree, func(f *gen.File) {
				mu.Lock()
				defer mu.Unlock()
				if _, ok := streamed[f.Path]; ok {
					t.Errorf("%s: emitted twice", f.Path)
				}
				streamed[f.Path] = string(f.Content)
			})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range files {
				if got, ok := streamed[f.Path]; !ok {
					t.Errorf("%s: generated, not streamed", f.Path)
				} else if got != string(f.Content) {
					t.Errorf("%s: streamed content differs from the generated one:\n%s", f.Path, got)
				}
				delete(streamed, f.Path)
			}
			for p := range streamed {
				t.Errorf("%s: streamed, not generated", p)
			}
		})
	}
}
