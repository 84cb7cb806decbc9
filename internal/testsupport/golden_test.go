package testsupport

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// recorder is a testing.TB that collects errors instead of failing.
type recorder struct {
	testing.TB
	errors []string
}

func (r *recorder) Helper()                   {}
func (r *recorder) Logf(string, ...any)       {}
func (r *recorder) Errorf(f string, a ...any) { r.errors = append(r.errors, fmt.Sprintf(f, a...)) }

// fatalRecorder also records Fatalf, and stops the goroutine as the real one does.
type fatalRecorder struct {
	recorder
	fatal string
}

func (r *fatalRecorder) Fatalf(f string, a ...any) {
	r.fatal = fmt.Sprintf(f, a...)
	runtime.Goexit()
}

func (r *fatalRecorder) Fatal(a ...any) {
	r.fatal = fmt.Sprint(a...)
	runtime.Goexit()
}

// fatalOf runs f with a fatalRecorder and returns what it passed to Fatalf, or "".
func fatalOf(t *testing.T, f func(testing.TB)) string {
	ran := make(chan string)
	go func() {
		r := &fatalRecorder{recorder: recorder{TB: t}}
		defer func() { ran <- r.fatal }()
		f(r)
	}()
	return <-ran
}

// handWritten is the foreign files of the tests' golden trees.
func handWritten(p string, _ []byte) bool { return strings.HasPrefix(filepath.Base(p), "hand-written") }

// goldenTree makes a golden tree in a new working directory and returns the files that differ from it
// in every way: one changed, one missing, one extra in a directory of its own. A hand-written file sits in
// the tree too, as in examples/: handWritten says it is not the test's output, and it is ignored.
func goldenTree(t *testing.T) []File {
	t.Chdir(t.TempDir())
	t.Setenv(UpdateEnv, "")
	for name, content := range map[string]string{
		"want/same.txt":         "same\n",
		"want/changed.txt":      "a\nb\nc\n",
		"want/old/removed.txt":  "gone\n",
		"want/hand-written.txt": "mine\n",
	} {
		WriteFile(t, name, content)
	}
	return []File{
		{Path: "same.txt", Content: []byte("same\n")},
		{Path: "changed.txt", Content: []byte("a\nB\nc\n")},
		{Path: "new/added.txt", Content: []byte("new\n")},
	}
}

// goldenFiles are the files of goldenTree but for the hand-written one.
var goldenFiles = []File{
	{Path: "same.txt", Content: []byte("same\n")},
	{Path: "changed.txt", Content: []byte("a\nb\nc\n")},
	{Path: "old/removed.txt", Content: []byte("gone\n")},
}

func TestTreeMatches(t *testing.T) {
	goldenTree(t)
	r := &recorder{TB: t}
	GoldenTree(r, "want", goldenFiles, handWritten)
	if len(r.errors) > 0 {
		t.Errorf("equal trees failed: %v", r.errors)
	}
	// Without foreign, every file of the golden tree is compared.
	GoldenTree(r, "want", goldenFiles, nil)
	if len(r.errors) != 1 || !strings.Contains(r.errors[0], "--- want/hand-written.txt\n+++ /dev/null\n") {
		t.Errorf("without foreign: errors %v", r.errors)
	}
}

func TestTreeMismatchShowsDiff(t *testing.T) {
	files := goldenTree(t)
	r := &recorder{TB: t}
	GoldenTree(r, "want", files, handWritten)
	if len(r.errors) != 1 {
		t.Fatalf("got %d errors, want 1: %v", len(r.errors), r.errors)
	}
	msg := r.errors[0]
	for _, want := range []string{
		"CIDLC_UPDATE=1 go test",
		"--- want/changed.txt\n+++ want/changed.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n",
		"--- /dev/null\n+++ want/new/added.txt\n@@ -0,0 +1 @@\n+new\n",
		"--- want/old/removed.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-gone\n",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("the message lacks\n%s\nmessage:\n%s", want, msg)
		}
	}
	// The diff, applied with patch, makes the golden files what was produced.
	if _, err := exec.LookPath("patch"); err != nil {
		t.Skip("no patch binary")
	}
	cmd := exec.Command("patch", "-p0", "--batch", "--quiet")
	cmd.Stdin = strings.NewReader(msg[strings.Index(msg, "---"):])
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("patch: %v\n%s", err, out)
	}
	r = &recorder{TB: t}
	GoldenTree(r, "want", files, handWritten)
	if len(r.errors) > 0 {
		t.Errorf("still different after patch: %v", r.errors)
	}
}

func TestTreeUpdate(t *testing.T) {
	files := goldenTree(t)
	t.Setenv(UpdateEnv, "1")
	r := &recorder{TB: t}
	GoldenTree(r, "want", files, handWritten)
	if len(r.errors) > 0 {
		t.Errorf("update failed: %v", r.errors)
	}
	got, err := readTree("want")
	if err != nil {
		t.Fatal(err)
	}
	if keys := slices.Sorted(maps.Keys(got)); !slices.Equal(keys, []string{"changed.txt", "hand-written.txt", "new/added.txt", "same.txt"}) {
		t.Errorf("after update: %v", keys)
	}
	if _, err := os.Stat("want/old"); err == nil {
		t.Error("want/old: emptied but not removed")
	}
	t.Setenv(UpdateEnv, "0")
	GoldenTree(r, "want", files, handWritten)
	if len(r.errors) > 0 {
		t.Errorf("differs after update: %v", r.errors)
	}
}

// TestTreeOneSided: a golden directory that does not exist, and an empty file, which a unified diff has
// no lines to show for.
func TestTreeOneSided(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv(UpdateEnv, "")
	for _, c := range []struct {
		dir   string
		files []File
		want  string
	}{
		{"nothing", []File{{Path: "a.txt", Content: []byte("a\n")}}, "+++ nothing/a.txt"},
		{"want", []File{{Path: "empty.txt"}}, "Only produced: want/empty.txt (empty)"},
	} {
		r := &recorder{TB: t}
		GoldenTree(r, c.dir, c.files, nil)
		if len(r.errors) != 1 || !strings.Contains(r.errors[0], c.want) {
			t.Errorf("%s: errors %v, want one with %q", c.dir, r.errors, c.want)
		}
	}
}

func TestFile(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv(UpdateEnv, "")
	r := &recorder{TB: t}
	GoldenFile(r, "diagnostics.txt", []byte("a.go:1:1: bad\n"))
	if len(r.errors) != 1 || !strings.Contains(r.errors[0], "--- /dev/null\n+++ diagnostics.txt\n") {
		t.Errorf("missing file: %v", r.errors)
	}
	t.Setenv(UpdateEnv, "true")
	r = &recorder{TB: t}
	GoldenFile(r, "diagnostics.txt", []byte("a.go:1:1: bad\n"))
	if got, _ := os.ReadFile("diagnostics.txt"); len(r.errors) > 0 || !bytes.Equal(got, []byte("a.go:1:1: bad\n")) {
		t.Errorf("update: %v, %q", r.errors, got)
	}
	t.Setenv(UpdateEnv, "")
	GoldenFile(r, "diagnostics.txt", []byte("a.go:1:1: bad\n"))
	GoldenFile(r, "diagnostics.txt", []byte("a.go:2:1: worse\n"))
	if len(r.errors) != 1 || !strings.Contains(r.errors[0], "-a.go:1:1: bad\n+a.go:2:1: worse\n") {
		t.Errorf("changed file: %v", r.errors)
	}
}

// TestUpdateSwitchValue: a value that is not a boolean stops the test instead of being taken for off.
func TestUpdateSwitchValue(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv(UpdateEnv, "yes please")
	msg := fatalOf(t, func(tb testing.TB) { GoldenFile(tb, "x.txt", []byte("x\n")) })
	if !strings.Contains(msg, `CIDLC_UPDATE="yes please"`) {
		t.Errorf("Fatalf %q", msg)
	}
	if _, err := os.Stat("x.txt"); err == nil {
		t.Error("wrote the golden file")
	}
}

func TestTreeRejectsBadPaths(t *testing.T) {
	t.Setenv(UpdateEnv, "")
	for _, p := range []string{"../x", "/abs", `a\b`} {
		if msg := fatalOf(t, func(tb testing.TB) { GoldenTree(tb, t.TempDir(), []File{{Path: p}}, nil) }); !strings.Contains(msg, "bad path") {
			t.Errorf("%q: Fatalf %q", p, msg)
		}
	}
	msg := fatalOf(t, func(tb testing.TB) {
		GoldenTree(tb, t.TempDir(), []File{{Path: "a"}, {Path: "a"}}, nil)
	})
	if !strings.Contains(msg, "produced a twice") {
		t.Errorf("a file twice: Fatalf %q", msg)
	}
}

// TestCases: which cases an expectation selects, and the folders no test would read.
func TestCases(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, name := range []string{
		"bad_x/idl/a.go", "bad_x/diagnostics.txt",
		"ts/idl/a.go", "ts/pack/index.ts", "ts/schema.json",
		"go/idl/a.go", "go/provider/a_stub.go", "go/schema.json",
	} {
		WriteFile(t, filepath.Join("golden", name), "")
	}
	for e, want := range map[Expectation][]string{
		Diagnostics: {"bad_x"},
		Pack:        {"ts"},
		Provider:    {"go"},
		Schema:      {"go", "ts"},
	} {
		var got []string
		for _, c := range GoldenCases(t, "golden", e) {
			got = append(got, c.Name)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", e, got, want)
		}
	}
	for _, bad := range []struct{ files []string }{
		{[]string{"idl/a.go"}},
		{[]string{"schema.json"}},
	} {
		root := t.TempDir()
		for _, name := range bad.files {
			WriteFile(t, filepath.Join(root, "case", name), "")
		}
		if msg := fatalOf(t, func(tb testing.TB) { GoldenCases(tb, root, Schema) }); !strings.Contains(msg, "golden case") {
			t.Errorf("%v: Fatalf %q", bad.files, msg)
		}
	}
	if msg := fatalOf(t, func(tb testing.TB) { GoldenCases(tb, "golden/ts", Pack) }); msg == "" {
		t.Error("a root without cases was accepted")
	}
}
