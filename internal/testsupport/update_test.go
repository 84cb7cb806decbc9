package testsupport

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// scratchGoldenTest is a package's golden test as the module's packages write theirs: its results have
// changed since its golden files were written.
const scratchGoldenTest = `package scratch

import (
	"testing"

	"github.com/cidlc/cidlc/internal/testsupport"
)

func TestGolden(t *testing.T) {
	testsupport.GoldenFile(t, "diagnostics.txt", []byte("a.go:1:1: new\n"))
	testsupport.GoldenTree(t, "pack", []testsupport.File{{Path: "index.ts", Content: []byte("export const v = 2;\n")}}, nil)
}
`

// TestUpdateSwitchThroughGoTest runs the README's update command, CIDLC_UPDATE=1 go test, as a
// developer does, on a package whose golden files are stale: without the switch the test fails and says
// how to accept the change; with it the test passes and rewrites the golden files; after it, the test
// passes without the switch. (`make test` also runs CIDLC_UPDATE=1 go test -short ./... once the suite has
// passed, so that every package of the module is seen to take the switch.)
func TestUpdateSwitchThroughGoTest(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds a test binary with go test")
	}
	dir := ScratchDir(t)
	WriteFile(t, filepath.Join(dir, "golden_test.go"), scratchGoldenTest)
	WriteFile(t, filepath.Join(dir, "diagnostics.txt"), "a.go:1:1: old\n")
	WriteFile(t, filepath.Join(dir, "pack/index.ts"), "export const v = 1;\n")
	WriteFile(t, filepath.Join(dir, "pack/gone/old.ts"), "export {};\n")

	goTest := func(update string) (string, error) {
		// The environment of this test's own run, with the switch as asked: the README's command sets it
		// for this run too.
		env := slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, UpdateEnv+"=") })
		if update != "" {
			env = append(env, UpdateEnv+"="+update)
		}
		cmd := exec.Command("go", "test", "-count=1", "./"+filepath.ToSlash(dir))
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		return string(out), err
	}

	out, err := goTest("")
	if err == nil {
		t.Fatalf("go test passed on stale golden files:\n%s", out)
	}
	// (go test indents the test's output.)
	for _, want := range []string{"CIDLC_UPDATE=1 go test", "-a.go:1:1: old", "+a.go:1:1: new", "-export const v = 1;", "+export const v = 2;", "--- pack/gone/old.ts"} {
		if !strings.Contains(out, want) {
			t.Errorf("the failure lacks %q:\n%s", want, out)
		}
	}
	if out, err := goTest("1"); err != nil {
		t.Fatalf("CIDLC_UPDATE=1 go test: %v\n%s", err, out)
	}
	if got := ReadFile(t, filepath.Join(dir, "diagnostics.txt")); got != "a.go:1:1: new\n" {
		t.Errorf("diagnostics.txt after the update: %q", got)
	}
	if got := ReadFile(t, filepath.Join(dir, "pack/index.ts")); got != "export const v = 2;\n" {
		t.Errorf("pack/index.ts after the update: %q", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "pack/gone")); err == nil {
		t.Error("pack/gone/ is still there after the update")
	}
	if out, err := goTest(""); err != nil {
		t.Fatalf("go test after the update: %v\n%s", err, out)
	}
}
