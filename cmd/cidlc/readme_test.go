package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/internal/testsupport"
)

// TestREADMEGoGenerate follows the README's go:generate recipe in a new Go module of a provider author's,
// with the module github.com/cidlc/cidlc replaced by this checkout: go get -tool, the go:generate line in
// the root IDL package, go generate, go mod tidy; then the stubs must build and vet in that module, and
// the README's CI line must find the outputs current.
//
// The go command reaches the module proxy as a user's would (go mod tidy fetches the test dependencies of
// cidlc's dependencies, which no build of cidlc downloads), except in go get -tool: there GOPROXY=off, so
// that it takes the replaced module from the replacement and never asks the proxy about it. A public
// proxy answers 404 for a module it does not have, and go get falls back to the replacement; the proxy
// here answers 403, which go get reports as an error. cidlc's own dependencies are in the module cache
// by then (make test runs go mod download first).
func TestREADMEGoGenerate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds cidlc and the generated stubs in a new module")
	}
	readme, err := os.ReadFile(filepath.Join(repoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	line := func(re string) string {
		t.Helper()
		m := regexp.MustCompile(`(?m)^` + re + `$`).FindStringSubmatch(string(readme))
		if m == nil {
			t.Fatalf("the README has no line %s", re)
		}
		return m[len(m)-1]
	}
	getTool := line(`(go get -tool \S+)`)
	generate := line(`(//go:generate go tool cidlc .*)`)
	ci := line(`- run: (go tool cidlc .*--check)`)
	if !strings.Contains(string(readme), "`go mod tidy`") {
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
	run("go mod edit -replace github.com/cidlc/cidlc=" + repoRoot(t))
	run("env GOPROXY=off GOSUMDB=off " + getTool)
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
