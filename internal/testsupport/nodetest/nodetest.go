// Package nodetest finds and installs the Node tooling that cidlc's tests run the generated TypeScript
// through: tsc, prettier and the real @pulumi/pulumi, pinned by the lockfile of tstest/ at the module's
// root. It is for tests only, and it is the one place that knows how to install them; gen/typescript,
// internal/testsupport/compilecheck and the end-to-end tests all use it.
//
//	tools := nodetest.Tools(t) // skips under -short or without node and npm
//	cmd := exec.Command("node", nodetest.TSC(tools), "--noEmit", "-p", dir)
//
// Install runs `npm ci` in tstest/ unless node_modules is already as new as the lockfile (npm ci writes
// node_modules/.package-lock.json last, so its time says the install finished). `go test ./...` runs
// the test binaries of several packages at once and more than one may find the tooling missing: an
// exclusive lock on the tstest/ directory itself makes the second wait for the first one's install, then
// find it current, rather than have two npm ci remove each other's node_modules.
package nodetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/mod/modfile"
)

// modulePath is the path of cidlc's module, whose root holds tstest/.
const modulePath = "github.com/cidlc/cidlc"

// ModuleRoot returns the root directory of cidlc's module: the nearest directory at or above the working
// directory (a test's package directory) with a go.mod for github.com/cidlc/cidlc.
func ModuleRoot() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for dir := wd; ; {
		if data, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && modfile.ModulePath(data) == modulePath {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("%s is not inside the module %s", wd, modulePath)
		}
		dir = parent
	}
}

// Dir returns the absolute path of tstest/, installed or not.
func Dir() (string, error) {
	root, err := ModuleRoot()
	if err != nil {
		return "", err
	}
	return filepath.Join(root, "tstest"), nil
}

// TSC returns the path of tsc's script in the tooling directory tools; run it with node.
func TSC(tools string) string {
	return filepath.Join(tools, "node_modules", "typescript", "bin", "tsc")
}

// Prettier returns the path of prettier's script in the tooling directory tools; run it with node.
func Prettier(tools string) string {
	return filepath.Join(tools, "node_modules", "prettier", "bin", "prettier.cjs")
}

// Available says why Node tests cannot run here ("" when they can): node or npm is not on $PATH.
func Available() string {
	for _, tool := range []string{"node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			return tool + " is not installed (install Node.js 20 and npm)"
		}
	}
	return ""
}

// Install makes sure tstest/node_modules is installed and current, running `npm ci` if need be, and
// returns the absolute path of tstest/. It does not skip anything: tests that must not run without Node
// call Tools instead.
func Install(ctx context.Context) (string, error) {
	dir, err := Dir()
	if err != nil {
		return "", err
	}
	if current(dir) {
		return dir, nil
	}
	unlock, err := lock(dir)
	if err != nil {
		return "", err
	}
	defer unlock()
	// Another process may have installed while this one waited for the lock.
	if current(dir) {
		return dir, nil
	}
	start := time.Now()
	var out bytes.Buffer
	cmd := exec.CommandContext(ctx, "npm", "ci", "--no-audit", "--no-fund")
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("npm ci in %s: %v\n%s", dir, err, out.Bytes())
	}
	fmt.Fprintf(os.Stderr, "installed the Node tooling of %s in %v\n", dir, time.Since(start).Round(time.Second))
	return dir, nil
}

// current reports whether dir's node_modules is at least as new as its lockfile.
func current(dir string) bool {
	lock, err := os.Stat(filepath.Join(dir, "package-lock.json"))
	if err != nil {
		return false
	}
	installed, err := os.Stat(filepath.Join(dir, "node_modules", ".package-lock.json"))
	return err == nil && !installed.ModTime().Before(lock.ModTime())
}

// lock takes an exclusive flock on the directory dir, waiting for other processes that hold it.
func lock(dir string) (unlock func(), err error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("locking %s for npm ci: %w", dir, err)
	}
	return func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}

var (
	once     sync.Once
	tools    string
	toolsErr error
)

// Tools returns the absolute path of tstest/ with its node_modules installed, once per test binary. It
// skips the test under -short and where node or npm is missing, and fails it if the install fails.
func Tools(t testing.TB) string {
	t.Helper()
	if why := Skip(); why != "" {
		t.Skip(why)
	}
	once.Do(func() { tools, toolsErr = Install(context.Background()) })
	if toolsErr != nil {
		t.Fatal(toolsErr)
	}
	return tools
}

// Skip says why Tools would skip ("" when it would not): -short, or no node or npm.
func Skip() string {
	if testing.Short() {
		return "-short: the generated TypeScript is not type-checked, formatted or run"
	}
	if why := Available(); why != "" {
		return why + ": the generated TypeScript is not type-checked, formatted or run"
	}
	return ""
}
