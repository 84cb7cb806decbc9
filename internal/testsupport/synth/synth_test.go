package synth

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/testsupport"
)

// readTree returns every file under dir by slash path.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestDeterministic(t *testing.T) {
	opts := Options{Resources: 120, Packages: 7, Seed: 42, Module: "example.com/synth"}
	a, b, c := t.TempDir(), t.TempDir(), t.TempDir()
	for _, dir := range []string{a, b} {
		if err := Write(dir, opts); err != nil {
			t.Fatal(err)
		}
	}
	// Rewriting over an earlier tree must replace it, not merge with it.
	if err := Write(c, Options{Resources: 300, Packages: 20, Seed: 1, Module: opts.Module}); err != nil {
		t.Fatal(err)
	}
	if err := Write(c, opts); err != nil {
		t.Fatal(err)
	}
	ta, tb, tc := readTree(t, a), readTree(t, b), readTree(t, c)
	if want := 2 + opts.Resources; len(ta) != want {
		t.Errorf("wrote %d files, want %d", len(ta), want)
	}
	for name, data := range ta {
		if !bytes.Equal(data, tb[name]) || !bytes.Equal(data, tc[name]) {
			t.Errorf("%s differs between two writes with the same options", name)
		}
	}
	if len(tb) != len(ta) || len(tc) != len(ta) {
		t.Errorf("file counts differ: %d, %d, %d", len(ta), len(tb), len(tc))
	}

	d := t.TempDir()
	opts.Seed++
	if err := Write(d, opts); err != nil {
		t.Fatal(err)
	}
	if same := readTree(t, d); bytes.Equal(same["mod000/"+firstFile(t, d)], ta["mod000/"+firstFile(t, a)]) {
		t.Error("a different seed gave the same first resource")
	}
}

func firstFile(t *testing.T, dir string) string {
	entries, err := os.ReadDir(filepath.Join(dir, "mod000"))
	if err != nil || len(entries) == 0 {
		t.Fatal("no mod000 files", err)
	}
	return entries[0].Name()
}

func TestRefusesForeignDirectory(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "precious.txt"), []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Write(dir, Options{Resources: 3, Packages: 1, Module: "example.com/x"}); err == nil {
		t.Fatal("Write overwrote a directory it did not create")
	}
	if _, err := os.Stat(filepath.Join(dir, "precious.txt")); err != nil {
		t.Fatal(err)
	}
}

// TestGeneratedTreeIsValidIDL writes a tree inside this module (under testdata, so ./... never sees it),
// then has the go command and cidlc's own loader check it.
func TestGeneratedTreeIsValidIDL(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go command not found")
	}
	dir := testsupport.ScratchDir(t)
	rel := filepath.ToSlash(dir)
	opts := Options{Resources: 60, Packages: 4, Seed: 7, Module: "github.com/cidlc/cidlc/internal/testsupport/synth/" + rel}
	if err := Write(dir, opts); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"build", "./" + rel + "/..."}, {"vet", "./" + rel + "/..."}} {
		if out, err := exec.Command("go", args...).CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	tree, err := load.Load(load.Config{Dir: dir})
	if err != nil {
		t.Fatalf("cidlc rejects the generated IDL:\n%v", err)
	}
	checkCoverage(t, tree, opts.Resources)
}

// checkCoverage checks that the tree has the promised size and uses every construct, so that benchmarks
// on it exercise all of cidlc.
func checkCoverage(t *testing.T, tree *model.Tree, resources int) {
	seen := map[string]bool{}
	var walk func(*model.Type)
	walk = func(ty *model.Type) {
		seen[string(ty.Kind)] = true
		if ty.Elem != nil {
			walk(ty.Elem)
		}
	}
	n := 0
	for _, pkg := range tree.Packages {
		for _, f := range pkg.Files {
			for _, r := range f.Resources {
				n++
				seen["named"] = seen["named"] || r.Named
				own := len(r.Properties)
				if r.Named {
					own--
				}
				if own < 8 || own > 15 {
					t.Errorf("%s has %d properties, want 8 to 15", r.Name, own)
				}
				for _, p := range r.Properties {
					walk(p.Type)
					seen["optional"] = seen["optional"] || p.Optional
					seen["out"] = seen["out"] || p.Out
					seen["in"] = seen["in"] || p.In
					seen["replaces"] = seen["replaces"] || p.Replaces
					if p.Type.Kind == model.Capability && p.Type.Resource.File.Package != pkg {
						seen["cross-package capability"] = true
					}
				}
			}
			if len(f.Enums) > 0 && pkg.Dir != "" {
				seen["own enum"] = true
			}
			if len(f.Structs) > 0 && pkg.Dir != "" {
				seen["own struct"] = true
			}
		}
	}
	if n != resources {
		t.Errorf("the loader found %d resources, want %d", n, resources)
	}
	for _, want := range []string{"bool", "number", "string", "any", "asset", "archive", "anyResource", "capability",
		"struct", "enum", "alias", "array", "map", "named", "optional", "out", "in", "replaces",
		"cross-package capability", "own enum", "own struct"} {
		if !seen[want] {
			t.Errorf("the generated IDL has no %s", want)
		}
	}
}
