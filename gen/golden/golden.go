// Package golden compares generated files with expected files kept in a test's testdata, the golden
// files, and rewrites them when the test runs with -update. It is for tests only.
//
// A golden case is a folder testdata/golden/<case>/ holding the input IDL in idl/ and the expected output:
// the trees pack/ and provider/ for a valid IDL, or diagnostics.txt for an invalid one. Adding a case
// needs no code. A backend's test reads:
//
//	for _, c := range golden.Cases(t, "testdata/golden") {
//		t.Run(c.Name, func(t *testing.T) {
//			pkg := … load c.Path("idl") …
//			files, err := typescript.Backend{}.Generate(pkg)
//			…
//			golden.Tree(t, c.Path("pack"), files)
//		})
//	}
//
// A mismatch fails the test with a unified diff from the golden files to the generated ones (`patch -p0`
// applies it from the package directory) and says how to accept the change: `go test -update`, which
// rewrites the golden files and deletes those nothing generates. Missing and extra files both fail.
//
// The package knows nothing of the loader or the backends: it compares files. It defines the -update
// flag, so a test binary that imports it must not define its own.
package golden

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/gen/textdiff"
)

var update = flag.Bool("update", false, "rewrite golden files with the generated output")

// Updating reports whether the test runs with -update, for a test that keeps golden files of its own kind.
func Updating() bool { return *update }

// Case is one golden case folder.
type Case struct {
	// Name is the folder's name, for t.Run.
	Name string
	// Dir is the folder's path.
	Dir string
}

// Path returns the path of elem inside the case folder: c.Path("idl"), c.Path("diagnostics.txt").
func (c Case) Path(elem ...string) string {
	return filepath.Join(append([]string{c.Dir}, elem...)...)
}

// Cases returns the case folders in root, sorted by name. It fails the test if there are none: a typo in
// root must not pass as an empty suite.
func Cases(t testing.TB, root string) []Case {
	t.Helper()
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	var cases []Case
	for _, e := range entries {
		if e.IsDir() {
			cases = append(cases, Case{Name: e.Name(), Dir: filepath.Join(root, e.Name())})
		}
	}
	if len(cases) == 0 {
		t.Fatalf("%s: no golden cases", root)
	}
	return cases
}

// Tree checks that the directory dir holds exactly files: the same paths, the same bytes. With -update it
// makes it so instead, removing the directories this empties.
func Tree(t testing.TB, dir string, files []*gen.File) {
	t.Helper()
	golden, err := readTree(dir)
	if err != nil {
		t.Fatal(err)
	}
	generated := make(map[string][]byte, len(files))
	for _, f := range files {
		generated[f.Path] = nil
	}
	// A golden tree may be a real output directory (examples/), holding cidlc's manifest and hand-written
	// files beside the generated ones. Neither is cidlc's output: compare only what would be cidlc's.
	delete(golden, gen.ManifestName)
	for p, content := range golden {
		if _, ok := generated[p]; !ok && !bytes.HasPrefix(content, []byte(gen.Header)) {
			delete(golden, p)
		}
	}
	clear(generated)
	for _, f := range files {
		// -update writes these paths: they must stay inside dir.
		if !filepath.IsLocal(filepath.FromSlash(f.Path)) || strings.Contains(f.Path, `\`) {
			t.Fatalf("%s: generated a file with a bad path: %q", dir, f.Path)
		}
		if _, dup := generated[f.Path]; dup {
			t.Fatalf("%s: generated %s twice", dir, f.Path)
		}
		generated[f.Path] = f.Content
	}
	paths := slices.Sorted(maps.Keys(golden))
	for p := range generated {
		if _, ok := golden[p]; !ok {
			paths = append(paths, p)
		}
	}
	slices.Sort(paths)
	var entries []entry
	for _, p := range paths {
		e := entry{name: filepath.Join(dir, filepath.FromSlash(p)), show: path.Join(filepath.ToSlash(dir), p)}
		e.golden, e.hasGolden = golden[p]
		e.got, e.generated = generated[p]
		entries = append(entries, e)
	}
	compare(t, entries)
	if *update {
		if err := pruneEmptyDirs(dir); err != nil {
			t.Fatal(err)
		}
	}
}

// File checks that the file name holds got, such as the expected diagnostics of a bad IDL. With -update
// it writes got there instead.
func File(t testing.TB, name string, got []byte) {
	t.Helper()
	e := entry{name: name, show: filepath.ToSlash(name), got: got, generated: true}
	var err error
	e.golden, err = os.ReadFile(name)
	switch {
	case err == nil:
		e.hasGolden = true
	case !errors.Is(err, fs.ErrNotExist):
		t.Fatal(err)
	}
	compare(t, []entry{e})
}

// An entry is one path, on either side or both.
type entry struct {
	name, show string // the golden file's path; slash-separated, for the diff
	golden     []byte
	hasGolden  bool
	got        []byte
	generated  bool
}

// compare fails the test with a diff of the entries that differ, or with -update rewrites them.
func compare(t testing.TB, entries []entry) {
	t.Helper()
	var diffs bytes.Buffer
	changed := 0
	for _, e := range entries {
		if e.hasGolden == e.generated && bytes.Equal(e.golden, e.got) {
			continue
		}
		changed++
		if *update {
			if err := e.update(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		diffs.Write(e.diff())
	}
	switch {
	case changed == 0:
	case *update:
		t.Logf("updated %d golden files", changed)
	default:
		t.Errorf("the generated files differ from the golden files; if the change is right, accept it with `go test -update`\n%s", diffs.Bytes())
	}
}

// diff returns the unified diff from the golden file to the generated one.
func (e entry) diff() []byte {
	from, to := e.show, e.show
	switch {
	case !e.hasGolden:
		from = "/dev/null"
	case !e.generated:
		to = "/dev/null"
	}
	if d := textdiff.Unified(from, to, e.golden, e.got); d != nil {
		return d
	}
	// An empty file and a missing one: a unified diff has no lines to show.
	if !e.hasGolden {
		return fmt.Appendf(nil, "Only generated: %s (empty)\n", e.show)
	}
	return fmt.Appendf(nil, "Only in the golden files: %s (empty)\n", e.show)
}

func (e entry) update() error {
	if !e.generated {
		return os.Remove(e.name)
	}
	if err := os.MkdirAll(filepath.Dir(e.name), 0o777); err != nil {
		return err
	}
	return os.WriteFile(e.name, e.got, 0o666)
}

// readTree returns the content of every file below dir by slash path; nothing if dir does not exist.
func readTree(dir string) (map[string][]byte, error) {
	files := make(map[string][]byte)
	err := filepath.WalkDir(dir, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			if name == dir && errors.Is(err, fs.ErrNotExist) {
				return fs.SkipAll
			}
			return err
		}
		if d.IsDir() {
			return nil
		}
		if !d.Type().IsRegular() {
			return fmt.Errorf("%s: not a regular file; golden trees hold files only", name)
		}
		content, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, name)
		if err != nil {
			return err
		}
		files[filepath.ToSlash(rel)] = content
		return nil
	})
	return files, err
}

// pruneEmptyDirs removes the empty directories below dir, deepest first, but not dir itself.
func pruneEmptyDirs(dir string) error {
	var dirs []string
	err := filepath.WalkDir(dir, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			if name == dir && errors.Is(err, fs.ErrNotExist) {
				return fs.SkipAll
			}
			return err
		}
		if d.IsDir() && name != dir {
			dirs = append(dirs, name)
		}
		return nil
	})
	if err != nil {
		return err
	}
	// WalkDir visits parents before children: backwards, every directory comes after its subdirectories.
	for _, d := range slices.Backward(dirs) {
		if entries, err := os.ReadDir(d); err == nil && len(entries) == 0 {
			if err := os.Remove(d); err != nil {
				return err
			}
		}
	}
	return nil
}
