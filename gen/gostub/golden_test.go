package gostub_test

import (
	"bytes"
	"io/fs"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/gen/gostub"
	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/base/gomod"
	"github.com/cidlc/cidlc/internal/testsupport"
	"github.com/cidlc/cidlc/internal/testsupport/gentest"
)

// goldenRoot holds the golden cases; this backend's are those that hold provider/ (see package
// testsupport for which case feeds which backend): idl/ in, provider/ out.
const goldenRoot = "../../testdata/golden"

// The example provider: its IDL, and the directory where its stubs live beside hand-written code.
const (
	exampleIDL      = "../../examples/idl"
	exampleProvider = "../../examples/provider"
)

func TestGolden(t *testing.T) {
	for _, c := range testsupport.GoldenCases(t, goldenRoot, testsupport.Provider) {
		t.Run(c.Name, func(t *testing.T) {
			out := c.Expected(testsupport.Provider)
			gentest.GoldenTree(t, out, generate(t, c.Path("idl"), out, gentest.Release(t, c)))
		})
	}
}

// TestExample checks the stubs of examples/provider, which also holds hand-written code: GoldenTree
// compares only the files that are cidlc's.
func TestExample(t *testing.T) {
	release := gentest.Release(t, testsupport.GoldenCase{Name: "examples", Dir: filepath.Dir(exampleIDL)})
	gentest.GoldenTree(t, exampleProvider, generate(t, exampleIDL, exampleProvider, release))
}

// TestStubsVet builds and vets every golden provider tree and the example provider against the pinned
// Pulumi SDK, in one go invocation: a cold build of the SDK takes minutes, and the go command shares it
// between packages. Explicit testdata import paths build, though ./... skips them.
func TestStubsVet(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the Pulumi SDK: slow when the build cache is cold")
	}
	patterns := []string{"github.com/cidlc/cidlc/examples/provider/..."}
	for _, c := range testsupport.GoldenCases(t, goldenRoot, testsupport.Provider) {
		dir, err := filepath.Abs(c.Expected(testsupport.Provider))
		if err != nil {
			t.Fatal(err)
		}
		p, err := gomod.ImportPath(dir)
		if err != nil {
			t.Fatal(err)
		}
		patterns = append(patterns, packagesBelow(t, dir, p)...)
	}
	t.Logf("go vet %s", strings.Join(patterns, " "))
	cmd := exec.Command("go", append([]string{"vet"}, patterns...)...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("go vet %s: %v\n%s", strings.Join(patterns, " "), err, out.Bytes())
	}
}

// packagesBelow lists the import paths of the Go packages in dir and below: a pattern ending in /...
// matches no directory under testdata.
func packagesBelow(t *testing.T, dir, importPath string) []string {
	t.Helper()
	var paths []string
	err := filepath.WalkDir(dir, func(name string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		goFiles, err := filepath.Glob(filepath.Join(name, "*.go"))
		if err != nil || len(goFiles) == 0 {
			return err
		}
		rel, err := filepath.Rel(dir, name)
		if err != nil {
			return err
		}
		paths = append(paths, strings.TrimSuffix(importPath+"/"+filepath.ToSlash(rel), "/."))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return paths
}

// generate loads the IDL in idlDir and returns the stubs of release for the output directory outDir.
// Every file that package layout lays out is compared with go/format's layout (VerifyLayout); one it
// refuses, go/format lays out, as in a run, and the test logs where layout stopped (go test -v): a new
// stub construct needs no layout rule to pass, and `make bench` counts the fallbacks on its trees.
func generate(t *testing.T, idlDir, outDir string, release gen.Release) []*gen.File {
	t.Helper()
	tree := loadIDL(t, idlDir)
	importPath, err := gomod.ImportPath(outDir)
	if err != nil {
		t.Fatal(err)
	}
	logFallback := func(path string, refusal error) { t.Logf("%s: laid out by go/format: %v", path, refusal) }
	files, err := gostub.New(gostub.Options{ImportPath: importPath, Release: release, VerifyLayout: true, Fallback: logFallback}).Generate(tree)
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func loadIDL(t testing.TB, dir string) *model.Tree {
	t.Helper()
	tree, err := load.Load(load.Config{Dir: dir})
	if err != nil {
		t.Fatalf("loading %s: %v", dir, err)
	}
	return tree
}

// TestStreamAsGenerate: streaming gives the files Generate returns. A stream lays out the files of a
// package one after the other in one buffer, which emit copies from before it returns (gen.Streamer):
// a file that kept a part of the one before, or that was overwritten while emit held it, differs here.
func TestStreamAsGenerate(t *testing.T) {
	tree := loadIDL(t, exampleIDL)
	backend := gostub.New(gostub.Options{ImportPath: "example.com/provider"})
	want, err := backend.Generate(tree)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	got := map[string]string{}
	var emitted []*gen.File
	err = backend.Stream(tree, func(f *gen.File) {
		mu.Lock()
		defer mu.Unlock()
		got[f.Path] = string(f.Content)
		emitted = append(emitted, f)
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Errorf("streamed %d files, generated %d", len(got), len(want))
	}
	reused := 0
	for _, f := range want {
		if got[f.Path] != string(f.Content) {
			t.Errorf("%s: streamed\n%s\nwant\n%s", f.Path, got[f.Path], f.Content)
		}
	}
	for _, f := range emitted {
		if string(f.Content) != got[f.Path] {
			reused++
		}
	}
	if reused == 0 {
		t.Error("no streamed file's memory was reused: the test no longer tests the reuse")
	}
}
