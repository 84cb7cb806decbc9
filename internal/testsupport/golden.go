package testsupport

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/gen/textdiff"
)

// UpdateEnv names the environment variable of the update switch: with CIDLC_UPDATE=1 the golden helpers
// rewrite the golden files instead of failing. See the package doc.
const UpdateEnv = "CIDLC_UPDATE"

// updateHint is how a failing comparison says to accept the change.
const updateHint = "if the change is right, accept it with `" + UpdateEnv + "=1 go test` (then review the diff)"

// updating reports whether the update switch is on. A value that is not a boolean fails the test rather
// than leave the author wondering why nothing was rewritten.
func updating(t testing.TB) bool {
	t.Helper()
	v := os.Getenv(UpdateEnv)
	if v == "" {
		return false
	}
	on, err := strconv.ParseBool(v)
	if err != nil {
		t.Fatalf("%s=%q: want 1 to rewrite the golden files, or 0", UpdateEnv, v)
	}
	return on
}

// A File is one file of a produced tree. (Package gen has its own, which this package does not import;
// see the package doc.)
type File struct {
	// Path is slash-separated and relative to the tree's directory.
	Path    string
	Content []byte
}

// GoldenTree checks that the directory dir holds exactly files: the same paths, the same bytes. A file of
// dir that files lack fails as one no longer produced, unless foreign, when not nil, says that it is
// someone else's (a hand-written file beside generated ones) and so not compared. With the update switch
// GoldenTree makes dir hold files instead, removing the directories this empties.
func GoldenTree(t testing.TB, dir string, files []File, foreign func(path string, content []byte) bool) {
	t.Helper()
	golden, err := readTree(dir)
	if err != nil {
		t.Fatal(err)
	}
	produced := make(map[string][]byte, len(files))
	for _, f := range files {
		// The update switch writes these paths: they must stay inside dir.
		if !filepath.IsLocal(filepath.FromSlash(f.Path)) || strings.Contains(f.Path, `\`) {
			t.Fatalf("%s: produced a file with a bad path: %q", dir, f.Path)
		}
		if _, dup := produced[f.Path]; dup {
			t.Fatalf("%s: produced %s twice", dir, f.Path)
		}
		produced[f.Path] = f.Content
	}
	for p, content := range golden {
		if _, ok := produced[p]; !ok && foreign != nil && foreign(p, content) {
			delete(golden, p)
		}
	}
	paths := slices.Sorted(maps.Keys(golden))
	for p := range produced {
		if _, ok := golden[p]; !ok {
			paths = append(paths, p)
		}
	}
	slices.Sort(paths)
	var entries []entry
	for _, p := range paths {
		e := entry{name: filepath.Join(dir, filepath.FromSlash(p)), show: path.Join(filepath.ToSlash(dir), p)}
		e.golden, e.hasGolden = golden[p]
		e.got, e.produced = produced[p]
		entries = append(entries, e)
	}
	update := updating(t)
	compare(t, entries, update)
	if update {
		if err := pruneEmptyDirs(dir); err != nil {
			t.Fatal(err)
		}
	}
}

// GoldenFile checks that the file name holds got, such as the expected diagnostics of a bad IDL. With the
// update switch it writes got there instead.
func GoldenFile(t testing.TB, name string, got []byte) {
	t.Helper()
	e := entry{name: name, show: filepath.ToSlash(name), got: got, produced: true}
	var err error
	e.golden, err = os.ReadFile(name)
	switch {
	case err == nil:
		e.hasGolden = true
	case !errors.Is(err, fs.ErrNotExist):
		t.Fatal(err)
	}
	compare(t, []entry{e}, updating(t))
}

// An entry is one path, on either side or both.
type entry struct {
	name, show string // the golden file's path; slash-separated, for the diff
	golden     []byte
	hasGolden  bool
	got        []byte
	produced   bool
}

// compare fails the test with a diff of the entries that differ, or with update rewrites them.
func compare(t testing.TB, entries []entry, update bool) {
	t.Helper()
	var diffs bytes.Buffer
	changed := 0
	for _, e := range entries {
		if e.hasGolden == e.produced && bytes.Equal(e.golden, e.got) {
			continue
		}
		changed++
		if update {
			if err := e.update(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		diffs.Write(e.diff())
	}
	switch {
	case changed == 0:
	case update:
		t.Logf("updated %d golden files", changed)
	default:
		t.Errorf("the results differ from the golden files; %s\n%s", updateHint, diffs.Bytes())
	}
}

// diff returns the unified diff from the golden file to the produced one.
func (e entry) diff() []byte {
	from, to := e.show, e.show
	switch {
	case !e.hasGolden:
		from = "/dev/null"
	case !e.produced:
		to = "/dev/null"
	}
	if d := textdiff.Unified(from, to, e.golden, e.got); d != nil {
		return d
	}
	// An empty file and a missing one: a unified diff has no lines to show.
	if !e.hasGolden {
		return fmt.Appendf(nil, "Only produced: %s (empty)\n", e.show)
	}
	return fmt.Appendf(nil, "Only in the golden files: %s (empty)\n", e.show)
}

func (e entry) update() error {
	if !e.produced {
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
