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
// It runs offline: GOPROXY=off, so that the go command takes cidlc's dependencies from the module cache
// (where this module's own build put them) and never asks the proxy about the replaced module, which
// does not exist there.
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
	for name, value := range map[string]string{"GOPROXY": "off", "GOSUMDB": "off", "GOFLAGS": "", "GOWORK": "off"} {
		t.Setenv(name, value)
	}
	run := func(command string) {
		t.Helper()
		args := strings.Fields(command)
		testsupport.Run(t, dir, args[0], args[1:]...)
	}
	run("go mod init example.com/acme")
	run("go mod edit -replace github.com/cidlc/cidlc=" + repoRoot(t))
	run(getTool)
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
