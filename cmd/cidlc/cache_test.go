package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/internal/testsupport"
)

// The up-to-date cache (internal/run/uptodate), through the command: a second run of an unchanged tree skips
// the IDL checks and the backends, and any change to the IDL or to a generated file takes the ordinary path,
// so the outputs always end up current and --check always finds what is stale.

func TestUpToDateCache(t *testing.T) {
	dir := scratch(t)
	idl := filepath.Join(dir, "idl")
	pack, provider := filepath.Join(dir, "pack"), filepath.Join(dir, "provider")
	run := func(args ...string) (string, int) {
		t.Helper()
		_, stderr, status := cidlc(t, ".", append([]string{"-v", idl, "--out-pack", pack, "--out-provider", provider}, args...)...)
		return stderr, status
	}
	cached := func(stderr string) bool { return strings.Contains(stderr, "up to date ") }

	if stderr, status := run(); status != 0 || cached(stderr) {
		t.Fatalf("first run: exit %d, cached %v\n%s", status, cached(stderr), stderr)
	}
	stderr, status := run()
	if status != 0 || !cached(stderr) || !strings.Contains(stderr, "cidlc: 0 written, ") {
		t.Fatalf("second run: exit %d, want the cache to find the outputs up to date\n%s", status, stderr)
	}
	if stderr, status := run("--check"); status != 0 || !cached(stderr) {
		t.Fatalf("--check: exit %d, want the cache to find the outputs up to date\n%s", status, stderr)
	}

	// A generated file edited right away (same size, same second): found, by its content.
	stub := filepath.Join(provider, "cart_stub.go")
	edit(t, stub, "Cart", "Cars")
	if stderr, status := run("--check"); status != 1 || cached(stderr) || !strings.Contains(stderr, "stale   "+filepath.ToSlash(stub)) {
		t.Errorf("--check after an edit of a generated file: exit %d, want 1 and the file stale\n%s", status, stderr)
	}
	if stderr, status := run(); status != 0 || !strings.Contains(stderr, "written "+filepath.ToSlash(stub)) {
		t.Errorf("after an edit of a generated file: exit %d, want the file rewritten\n%s", status, stderr)
	}

	// A doc comment of the IDL edited: the ordinary path, and the new doc in the output.
	edit(t, filepath.Join(idl, "cart.go"), "What is in it.", "What it holds.")
	stderr, status = run()
	if status != 0 || cached(stderr) {
		t.Fatalf("after an IDL edit: exit %d, cached %v\n%s", status, cached(stderr), stderr)
	}
	if data, _ := os.ReadFile(filepath.Join(pack, "cart.ts")); !strings.Contains(string(data), "What it holds.") {
		t.Errorf("the TypeScript does not have the new doc comment:\n%s", data)
	}

	// An IDL error is reported as ever, and leaves the stamp alone for the next good run.
	good, _ := os.ReadFile(filepath.Join(idl, "cart.go"))
	edit(t, filepath.Join(idl, "cart.go"), "Items []string", "Items []int8")
	if stderr, status := run(); status != 1 || !strings.Contains(stderr, "cart.go:") {
		t.Errorf("an IDL error: exit %d\n%s", status, stderr)
	}
	testsupport.WriteFile(t, filepath.Join(idl, "cart.go"), string(good))
	if stderr, status := run(); status != 0 || !cached(stderr) {
		t.Errorf("the IDL as it was: exit %d, want the outputs up to date from the cache\n%s", status, stderr)
	}

	// Other options, other key: --name changes every token.
	if stderr, status := run("--name", "store"); status != 0 || cached(stderr) || strings.Contains(stderr, "cidlc: 0 written") {
		t.Errorf("--name: exit %d, want files rewritten\n%s", status, stderr)
	}
}

func TestCacheOff(t *testing.T) {
	dir := scratch(t)
	cache := t.TempDir()
	args := []string{"-v", filepath.Join(dir, "idl"), "--out-pack", filepath.Join(dir, "pack")}
	for range 2 {
		_, stderr, status := cidlcEnv(t, []string{"CIDLC_CACHE=off", "XDG_CACHE_HOME=" + cache}, ".", args...)
		if status != 0 || strings.Contains(stderr, "up to date ") {
			t.Fatalf("CIDLC_CACHE=off: exit %d\n%s", status, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(cache, "cidlc")); err == nil {
		t.Error("CIDLC_CACHE=off wrote into the user cache directory")
	}
	// Without CIDLC_CACHE, the stamp goes into the user cache directory.
	for range 2 {
		_, stderr, status := cidlcEnv(t, []string{"CIDLC_CACHE=", "XDG_CACHE_HOME=" + cache}, ".", args...)
		if status != 0 {
			t.Fatalf("exit %d\n%s", status, stderr)
		}
	}
	if stamps, _ := filepath.Glob(filepath.Join(cache, "cidlc", "stamps", "*")); len(stamps) != 1 {
		t.Errorf("want one stamp in $XDG_CACHE_HOME/cidlc/stamps, found %q", stamps)
	}
}

func edit(t *testing.T, name, old, new string) {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s does not contain %q", name, old)
	}
	testsupport.WriteFile(t, name, strings.Replace(string(data), old, new, 1))
}
