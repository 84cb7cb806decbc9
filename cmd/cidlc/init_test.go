package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/internal/testsupport"
)

// initModule runs the README's cidlc init line, from the checkout's root as the README says, into a
// new directory outside the repository, and returns the module's directory. It builds with this
// checkout (a replace directive), as go run ./cmd/cidlc makes cidlc from a clone.
func initModule(t *testing.T) string {
	t.Helper()
	testsupport.GoOffline(t, repoRoot(t))
	line := strings.Fields(readmeLine(t, readREADME(t), `(go run \./cmd/cidlc init \.\./pulumi-files)\s+#.*`))
	dir := filepath.Join(t.TempDir(), "pulumi-files")
	testsupport.Run(t, repoRoot(t), line[0], append(line[1:len(line)-1], dir)...)
	gomod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"module pulumi-files\n", "replace github.com/cidlc/cidlc => " + repoRoot(t) + "\n", "tool github.com/cidlc/cidlc/cmd/cidlc\n"} {
		if !strings.Contains(string(gomod), want) {
			t.Errorf("go.mod has no line %q:\n%s", strings.TrimSpace(want), gomod)
		}
	}
	return dir
}

// TestInit: cidlc init writes a provider module, outside the repository and offline, in which go
// generate, go vet and go test pass at once; its life-cycle test really creates, reads, updates,
// replaces, imports and deletes a file; the Makefile's check and build work; and a second init into
// it is refused. Then a bug planted in the provider's Read (a property read back wrong) fails the
// life-cycle test, naming the property.
func TestInit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a new provider module against the Pulumi SDK")
	}
	dir := initModule(t)
	testsupport.Run(t, dir, "go", "generate", "./...")
	testsupport.Run(t, dir, "go", "vet", "./...")
	out := testsupport.Run(t, dir, "go", "test", "-count=1", "-v", "./...")
	for _, step := range []string{
		`create: files:file:File greeting: ID hello.txt`,
		`update in place \(content\): ID hello.txt`,
		`replace \(path\): ID hello.txt → ID greetings/hello.txt, create before delete`,
		`import: ID greetings/hello.txt`,
		`delete: ID greetings/hello.txt`,
		`--- PASS: TestPlugin`,
	} {
		if !regexp.MustCompile(`(?m)^\s*(main_test.go:\d+: )?` + step).MatchString(out) {
			t.Errorf("go test -v shows no step %q of the life cycle:\n%s", step, out)
		}
	}
	// The plugin links the runtime, never the test kit nor the compiler.
	deps := testsupport.Run(t, dir, "go", "list", "-deps", "./cmd/pulumi-resource-files")
	for _, pkg := range []string{"github.com/cidlc/cidlc/providertest", "github.com/cidlc/cidlc/providertest/enginetest",
		"github.com/cidlc/cidlc/idl/model", "golang.org/x/tools/go/packages"} {
		if slices.Contains(strings.Fields(deps), pkg) {
			t.Errorf("the plugin links %s", pkg)
		}
	}
	if !slices.Contains(strings.Fields(deps), "github.com/cidlc/cidlc/provider") {
		t.Errorf("go list -deps does not list the runtime:\n%s", deps)
	}
	if _, err := exec.LookPath("make"); err == nil {
		testsupport.Run(t, dir, "make", "check", "build")
		if _, err := os.Stat(filepath.Join(dir, "bin", "pulumi-resource-files")); err != nil {
			t.Errorf("make build: %v", err)
		}
	}
	if _, stderr, status := cidlc(t, ".", "init", dir); status != 1 || !strings.Contains(stderr, "is not empty") {
		t.Errorf("cidlc init into the module: exit %d, want 1 and a refusal\n%s", status, stderr)
	}

	t.Run("a bug in Read", func(t *testing.T) {
		ops := filepath.Join(dir, "provider", "file.go")
		data, err := os.ReadFile(ops)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		read := strings.Index(text, "func (o fileOps) Read(")
		line := strings.Index(text[read:], "\tobj.Content = string(data)\n")
		if read < 0 || line < 0 {
			t.Fatal("the scaffold's Read does not set obj.Content = string(data)")
		}
		at := read + line + len("\tobj.Content = string(data)")
		testsupport.WriteFile(t, ops, text[:at]+` + "!"`+text[at:])
		cmd := exec.Command("go", "test", "-count=1", "-run", "TestFileLifeCycle", "./cmd/...")
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err == nil {
			t.Fatalf("the life-cycle test passes with Read's bug:\n%s", out)
		}
		want := "Read after create: the outputs differ from what the engine holds:\n" +
			"        \tcontent: got \"Hello!\", want \"Hello\""
		if !strings.Contains(string(out), want) {
			t.Errorf("the life-cycle test does not fail naming the property; want\n%s\nin\n%s", want, out)
		}
	})
}

// TestInitRefuses: cidlc init says what is wrong with its arguments, and writes nothing.
func TestInitRefuses(t *testing.T) {
	parent := t.TempDir()
	full := filepath.Join(parent, "full")
	testsupport.WriteFile(t, filepath.Join(full, "notes.txt"), "mine")
	for _, c := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"init"}, 2, "cidlc init: want one DIR, the new module's directory"},
		{[]string{"init", "a", "b"}, 2, "cidlc init: want one DIR"},
		{[]string{"init", "--name", "My-Files", filepath.Join(parent, "x")}, 1, `--name "My-Files": a package name is lower-case letters and digits, starting with a letter`},
		{[]string{"init", filepath.Join(parent, "pulumi-1st")}, 1, "pulumi-1st does not make a package name (lower-case letters and digits, starting with a letter): give one with --name"},
		{[]string{"init", "--module", "a b", filepath.Join(parent, "files")}, 1, `"a b" is not a Go module path: give one with --module`},
		{[]string{"init", full}, 1, full + " is not empty: cidlc init writes a new module only into a new or empty directory"},
	} {
		_, stderr, status := cidlc(t, ".", c.args...)
		if status != c.status || !strings.Contains(stderr, c.want) {
			t.Errorf("cidlc %s: exit %d\n%s\nwant exit %d and %q", strings.Join(c.args, " "), status, stderr, c.status, c.want)
		}
	}
	// A failure after the files are made (the load of the IDL refuses the caller's -mod=vendor) leaves
	// nothing either.
	_, stderr, status := cidlcEnv(t, []string{"GOFLAGS=-mod=vendor", "GOWORK=off"}, ".", "init", filepath.Join(parent, "pulumi-files"))
	if status != 1 || !strings.Contains(stderr, "cidlc init: generating the new module's code: ") {
		t.Errorf("cidlc init with GOFLAGS=-mod=vendor: exit %d, want 1 and the generation's error\n%s", status, stderr)
	}
	entries, err := os.ReadDir(parent)
	if err != nil || len(entries) != 1 {
		t.Errorf("cidlc init left %v in %s (%v); want only full/", entries, parent, err)
	}
	if data, err := os.ReadFile(filepath.Join(full, "notes.txt")); err != nil || string(data) != "mine" {
		t.Errorf("the non-empty directory was touched: %q %v", data, err)
	}
}
