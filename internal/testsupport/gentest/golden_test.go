package gentest_test

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/gen/outdir"
	"github.com/cidlc/cidlc/internal/testsupport"
	"github.com/cidlc/cidlc/internal/testsupport/gentest"
)

// TestGoldenCases is the harness at work on its own example case: the stand-in backend plays a real one,
// and the IDL file names play the loader.
func TestGoldenCases(t *testing.T) {
	for _, c := range testsupport.GoldenCases(t, "testdata/golden", testsupport.Pack) {
		t.Run(c.Name, func(t *testing.T) {
			var paths []string
			err := filepath.WalkDir(c.Path("idl"), func(name string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					rel, _ := filepath.Rel(c.Path("idl"), name)
					paths = append(paths, filepath.ToSlash(rel))
				}
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			files, err := gentest.Backend{}.Generate(gentest.Package("aws", paths...))
			if err != nil {
				t.Fatal(err)
			}
			gentest.GoldenTree(t, c.Expected(testsupport.Pack), files)
		})
	}
}

// recorder is a testing.TB that collects errors instead of failing.
type recorder struct {
	testing.TB
	errors []string
}

func (r *recorder) Helper()             {}
func (r *recorder) Logf(string, ...any) {}
func (r *recorder) Errorf(format string, a ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, a...))
}

// TestGoldenTreeOwnership: in a real output directory, the manifest and the hand-written files are not
// compared, but a file that starts with cidlc's header and is no longer generated is.
func TestGoldenTreeOwnership(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv(testsupport.UpdateEnv, "")
	testsupport.WriteFile(t, "out/a.txt", gen.Header+"\na\n")
	testsupport.WriteFile(t, "out/hand-written.go", "package mine\n")
	testsupport.WriteFile(t, "out/"+outdir.ManifestName, gen.Header+"\na.txt\n")
	r := &recorder{TB: t}
	gentest.GoldenTree(r, "out", []*gen.File{{Path: "a.txt", Content: []byte(gen.Header + "\na\n")}})
	if len(r.errors) > 0 {
		t.Errorf("the manifest or a hand-written file was compared: %v", r.errors)
	}
	testsupport.WriteFile(t, "out/old.txt", gen.Header+"\nold\n")
	gentest.GoldenTree(r, "out", []*gen.File{{Path: "a.txt", Content: []byte(gen.Header + "\na\n")}})
	if len(r.errors) != 1 || !strings.Contains(r.errors[0], "--- out/old.txt\n+++ /dev/null\n") || strings.Contains(r.errors[0], "hand-written") {
		t.Errorf("want only out/old.txt reported as no longer generated: %v", r.errors)
	}
}
