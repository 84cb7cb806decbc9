package golden

import (
	"bytes"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/gen/gentest"
)

// TestCases is the harness at work on its own example cases: the gentest backend stands in for a real
// one, and the IDL file names stand in for the loader.
func TestCases(t *testing.T) {
	for _, c := range Cases(t, "testdata/golden") {
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
			Tree(t, c.Path("pack"), files)
		})
	}
}

// recorder is a testing.TB that collects errors instead of failing.
type recorder struct {
	testing.TB
	errors []string
}

func (r *recorder) Helper()                   {}
func (r *recorder) Logf(string, ...any)       {}
func (r *recorder) Errorf(f string, a ...any) { r.errors = append(r.errors, fmt.Sprintf(f, a...)) }

// goldenTree makes a golden tree in a new working directory and returns the files that differ from it
// in every way: one changed, one missing, one extra in a directory of its own. A hand-written file (no
// header) and a manifest sit in the tree too, as in examples/: they are not cidlc's output and are ignored.
func goldenTree(t *testing.T) []*gen.File {
	t.Chdir(t.TempDir())
	setUpdate(t, false)
	for name, content := range map[string]string{
		"want/same.txt":            "same\n",
		"want/changed.txt":         "a\nb\nc\n",
		"want/old/removed.txt":     gen.Header + "\ngone\n",
		"want/hand-written.go":     "package mine\n",
		"want/" + gen.ManifestName: gen.Header + "\nsame.txt\n",
	} {
		if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return []*gen.File{
		{Path: "same.txt", Content: []byte("same\n")},
		{Path: "changed.txt", Content: []byte("a\nB\nc\n")},
		{Path: "new/added.txt", Content: []byte("new\n")},
	}
}

func TestTreeMatches(t *testing.T) {
	goldenTree(t)
	r := &recorder{TB: t}
	Tree(r, "want", []*gen.File{
		{Path: "same.txt", Content: []byte("same\n")},
		{Path: "changed.txt", Content: []byte("a\nb\nc\n")},
		{Path: "old/removed.txt", Content: []byte(gen.Header + "\ngone\n")},
	})
	if len(r.errors) > 0 {
		t.Errorf("equal trees failed: %v", r.errors)
	}
}

func TestTreeMismatchShowsDiff(t *testing.T) {
	files := goldenTree(t)
	r := &recorder{TB: t}
	Tree(r, "want", files)
	if len(r.errors) != 1 {
		t.Fatalf("got %d errors, want 1: %v", len(r.errors), r.errors)
	}
	msg := r.errors[0]
	for _, want := range []string{
		"go test -update",
		"--- want/changed.txt\n+++ want/changed.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n",
		"--- /dev/null\n+++ want/new/added.txt\n@@ -0,0 +1 @@\n+new\n",
		"--- want/old/removed.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-" + gen.Header + "\n-gone\n",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("the message lacks\n%s\nmessage:\n%s", want, msg)
		}
	}
	// The diff, applied with patch, makes the golden files what was generated.
	if _, err := exec.LookPath("patch"); err != nil {
		t.Skip("no patch binary")
	}
	cmd := exec.Command("patch", "-p0", "--batch", "--quiet")
	cmd.Stdin = strings.NewReader(msg[strings.Index(msg, "---"):])
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("patch: %v\n%s", err, out)
	}
	r = &recorder{TB: t}
	Tree(r, "want", files)
	if len(r.errors) > 0 {
		t.Errorf("still different after patch: %v", r.errors)
	}
}

// setUpdate sets -update for the rest of the test: the tests of the harness itself must not depend on
// the flag the suite runs with.
func setUpdate(t *testing.T, on bool) {
	was := *update
	*update = on
	t.Cleanup(func() { *update = was })
}

func TestTreeUpdate(t *testing.T) {
	files := goldenTree(t)
	setUpdate(t, true)
	r := &recorder{TB: t}
	Tree(r, "want", files)
	if len(r.errors) > 0 {
		t.Errorf("update failed: %v", r.errors)
	}
	got, err := readTree("want")
	if err != nil {
		t.Fatal(err)
	}
	if keys := slices.Sorted(maps.Keys(got)); !slices.Equal(keys, []string{gen.ManifestName, "changed.txt", "hand-written.go", "new/added.txt", "same.txt"}) {
		t.Errorf("after update: %v", keys)
	}
	if _, err := os.Stat("want/old"); err == nil {
		t.Error("want/old: emptied but not removed")
	}
	*update = false
	Tree(r, "want", files)
	if len(r.errors) > 0 {
		t.Errorf("differs after update: %v", r.errors)
	}
}

func TestTreeMissingDirectory(t *testing.T) {
	t.Chdir(t.TempDir())
	setUpdate(t, false)
	r := &recorder{TB: t}
	Tree(r, "nothing", []*gen.File{{Path: "a.txt", Content: []byte("a\n")}})
	if len(r.errors) != 1 || !strings.Contains(r.errors[0], "+++ nothing/a.txt") {
		t.Errorf("errors: %v", r.errors)
	}
}

func TestTreeEmptyFile(t *testing.T) {
	t.Chdir(t.TempDir())
	setUpdate(t, false)
	r := &recorder{TB: t}
	Tree(r, "want", []*gen.File{{Path: "empty.txt"}})
	if len(r.errors) != 1 || !strings.Contains(r.errors[0], "Only generated: want/empty.txt (empty)") {
		t.Errorf("errors: %v", r.errors)
	}
}

func TestFile(t *testing.T) {
	t.Chdir(t.TempDir())
	setUpdate(t, false)
	r := &recorder{TB: t}
	File(r, "diagnostics.txt", []byte("a.go:1:1: bad\n"))
	if len(r.errors) != 1 || !strings.Contains(r.errors[0], "--- /dev/null\n+++ diagnostics.txt\n") {
		t.Errorf("missing file: %v", r.errors)
	}
	setUpdate(t, true)
	r = &recorder{TB: t}
	File(r, "diagnostics.txt", []byte("a.go:1:1: bad\n"))
	if got, _ := os.ReadFile("diagnostics.txt"); len(r.errors) > 0 || !bytes.Equal(got, []byte("a.go:1:1: bad\n")) {
		t.Errorf("update: %v, %q", r.errors, got)
	}
	*update = false
	File(r, "diagnostics.txt", []byte("a.go:1:1: bad\n"))
	File(r, "diagnostics.txt", []byte("a.go:2:1: worse\n"))
	if len(r.errors) != 1 || !strings.Contains(r.errors[0], "-a.go:1:1: bad\n+a.go:2:1: worse\n") {
		t.Errorf("changed file: %v", r.errors)
	}
}

func TestTreeRejectsBadPaths(t *testing.T) {
	setUpdate(t, false)
	for _, p := range []string{"../x", "/abs", `a\b`} {
		ran := make(chan bool)
		go func() {
			defer close(ran)
			r := &fatalRecorder{recorder: recorder{TB: t}}
			defer func() { ran <- r.fatal }()
			Tree(r, t.TempDir(), []*gen.File{{Path: p}})
		}()
		if !<-ran {
			t.Errorf("%q: accepted", p)
		}
	}
}

// fatalRecorder also records Fatalf, and stops the goroutine as the real one does.
type fatalRecorder struct {
	recorder
	fatal bool
}

func (r *fatalRecorder) Fatalf(string, ...any) {
	r.fatal = true
	runtime.Goexit()
}
