package compilecheck_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/internal/testsupport/compilecheck"
	"github.com/cidlc/cidlc/internal/testsupport/nodetest"
)

// TestCheck checks the example provider's outputs beside trees that are broken on purpose, each in one
// way, and expects exactly the broken ones reported, by the tool that must catch them.
func TestCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds the Pulumi SDK, slow when the build cache is cold")
	}
	tree, err := load.Load(load.Config{Dir: "../../../examples/idl"})
	if err != nil {
		t.Fatal(err)
	}
	b := compilecheck.New(t)
	if err := b.Add("example", tree); err != nil {
		t.Fatal(err)
	}
	// The root package and a sub-package, so that the root's "# path" line is attributed too.
	b.AddGo("typeerror", []*gen.File{
		{Path: "ok.go", Content: []byte("package typeerror\n")},
		{Path: "sub/bad.go", Content: []byte("package sub\n\nvar X int = \"not an int\"\n")},
	})
	b.AddGo("rootbad", []*gen.File{{Path: "bad.go", Content: []byte("package rootbad\n\nfunc f() { undefinedName() }\n")}})
	b.AddGo("vetonly", []*gen.File{{Path: "vet.go", Content: []byte("package vetonly\n\nimport \"fmt\"\n\nfunc F() { fmt.Printf(\"%d\\n\", \"s\") }\n")}})
	tsconfig, err := os.ReadFile("../../../examples/pack/tsconfig.json")
	if err != nil {
		t.Fatal(err)
	}
	b.AddPack("tsbad", []*gen.File{
		{Path: "tsconfig.json", Content: tsconfig},
		{Path: "package.json", Content: []byte(`{"name": "tsbad"}`)},
		{Path: "index.ts", Content: []byte("import * as pulumi from \"@pulumi/pulumi\";\nexport const x: pulumi.Output<string> = 3;\n")},
	})

	fails := b.Check()
	t.Logf("failures:\n%v", fails)
	type key struct{ tree, tool string }
	got := map[key]string{}
	for _, f := range fails {
		got[key{f.Tree, f.Tool}] = f.Output
	}
	want := []key{{"rootbad", "go build"}, {"typeerror", "go build"}, {"vetonly", "go vet"}}
	if nodetest.Skip() == "" {
		want = append(want, key{"tsbad", "tsc"})
	}
	for _, k := range want {
		if _, ok := got[k]; !ok {
			t.Errorf("no %s failure for tree %s", k.tool, k.tree)
		}
	}
	for _, f := range fails {
		if f.Tree == "" || f.Tree == "example" {
			t.Errorf("unexpected failure: %v", f)
		}
	}
	for k, msg := range map[key]string{
		{"typeerror", "go build"}: filepath.Join("typeerror", "sub", "bad.go") + ":3:",
		{"rootbad", "go build"}:   "undefined: undefinedName",
		{"vetonly", "go vet"}:     "fmt.Printf format %d has arg",
		{"tsbad", "tsc"}:          "tsbad/index.ts(2,",
	} {
		if out, ok := got[k]; ok && !strings.Contains(out, msg) {
			t.Errorf("%s on %s: want %q in\n%s", k.tool, k.tree, msg, out)
		}
	}
	if trees := fails.Trees(); slices.Contains(trees, "example") {
		t.Errorf("Trees() = %v", trees)
	}
}

// TestNames refuses tree names that the go command would ignore or that are not one path element.
func TestNames(t *testing.T) {
	for _, name := range []string{"", "_x", ".x", "a/b", "testdata", "a b"} {
		ft := &fatalT{TB: t}
		func() {
			defer func() { _ = recover() }()
			b := compilecheck.New(ft)
			b.AddGo(name, nil)
		}()
		if !ft.failed {
			t.Errorf("AddGo(%q) was accepted", name)
		}
	}
}

// fatalT records Fatalf instead of ending the test, and panics to stop the caller as Fatal would.
type fatalT struct {
	testing.TB
	failed bool
}

func (f *fatalT) Fatalf(format string, args ...any) {
	f.failed = true
	panic("fatal")
}

func (f *fatalT) Helper() {}
