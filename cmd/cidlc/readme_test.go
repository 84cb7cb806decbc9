package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/internal/testsupport"
)

// TestREADMEGoGenerate follows the README's go:generate recipe in a new Go module of a provider author's
// that builds with a clone of cidlc (this checkout), as anyone trying cidlc before a release does: the
// go mod edit line and go mod tidy, the go:generate line in the root IDL package, go generate, go mod
// tidy; then the stubs must build and vet in that module, and the README's CI line must find the outputs
// current.
//
// The go command reaches the module proxy as a user's would (go mod tidy fetches the test dependencies
// of cidlc's dependencies, which no build of cidlc downloads).
func TestREADMEGoGenerate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds cidlc and the generated stubs in a new module")
	}
	readme := readREADME(t)
	edit := readmeLine(t, readme, `(go mod edit -replace=github.com/cidlc/cidlc=\.\./cidlc .*)`)
	generate := readmeLine(t, readme, `(//go:generate go tool cidlc .*)`)
	ci := readmeLine(t, readme, `- run: (go tool cidlc .*--check)`)
	if !strings.Contains(readme, "`go mod tidy`") {
		t.Fatal("the README does not say to run go mod tidy")
	}

	dir := t.TempDir()
	for name, value := range map[string]string{"GOFLAGS": "", "GOWORK": "off"} {
		t.Setenv(name, value)
	}
	run := func(command string) {
		t.Helper()
		args := strings.Fields(command)
		testsupport.Run(t, dir, args[0], args[1:]...)
	}
	run("go mod init example.com/acme")
	run(strings.Replace(edit, "=../cidlc", "="+repoRoot(t), 1))
	run("go mod tidy")
	testsupport.WriteFile(t, filepath.Join(dir, "idl", "cart.go"), strings.Replace(scratchIDL, "package shop\n", "package shop\n\n"+generate+"\n", 1))
	testsupport.WriteFile(t, filepath.Join(dir, "idl", "order.go"), scratchIDL2)
	run("go generate ./...")
	for _, name := range []string{"pack/cart.ts", "pack/order.ts", "pack/package.json", "provider/cart_stub.go", "provider/order_stub.go"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("go generate did not write %s: %v", name, err)
		}
	}
	run("go mod tidy")
	run("go vet ./...")
	run(ci)
}

// TestREADMEGetTool runs the README's go get -tool line in a new module whose cidlc is this checkout
// (a replace line standing in for a release): it must make cidlc a tool that runs. GOPROXY=off, so that
// go get takes the replaced module from the replacement and never asks the proxy about it: a public
// proxy answers 404 for a module it does not have, and go get falls back to the replacement; the proxy
// here answers 403, which go get reports as an error. cidlc's own dependencies are in the module cache
// by then (make test runs go mod download first).
func TestREADMEGetTool(t *testing.T) {
	if testing.Short() {
		t.Skip("builds cidlc in a new module")
	}
	getTool := readmeLine(t, readREADME(t), `(go get -tool \S+)`)
	dir := t.TempDir()
	for name, value := range map[string]string{"GOFLAGS": "", "GOWORK": "off", "GOPROXY": "off", "GOSUMDB": "off"} {
		t.Setenv(name, value)
	}
	testsupport.Run(t, dir, "go", "mod", "init", "example.com/acme")
	testsupport.Run(t, dir, "go", "mod", "edit", "-replace", "github.com/cidlc/cidlc="+repoRoot(t))
	args := strings.Fields(getTool)
	testsupport.Run(t, dir, args[0], args[1:]...)
	if out := testsupport.Run(t, dir, "go", "tool", "cidlc", "--version"); !strings.HasPrefix(out, "cidlc ") {
		t.Errorf("go tool cidlc --version: %q", out)
	}
}

// readREADME returns the README.
func readREADME(t *testing.T) string {
	t.Helper()
	readme, err := os.ReadFile(filepath.Join(repoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(readme)
}

// readmeLine returns the last group of the README's line that matches re, whole.
func readmeLine(t *testing.T, readme, re string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^` + re + `$`).FindStringSubmatch(readme)
	if m == nil {
		t.Fatalf("the README has no line %s", re)
	}
	return m[len(m)-1]
}
