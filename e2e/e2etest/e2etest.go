// Package e2etest holds what cidlc's end-to-end tests (e2e/, e2e/postgresql/, e2e/schema/) add to
// package providertest/enginetest, which prepares a provider's program under the Pulumi engine as a
// provider author's own test does: the Pulumi CLI that `make e2e` built ($CIDLC_E2E_PULUMI), the Node
// tooling of tstest/, the example's cloud in the offline environment, and commands whose output streams
// to the test's. It is for those tests only.
package e2etest

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/internal/testsupport/nodetest"
	"github.com/cidlc/cidlc/providertest/enginetest"
)

// PulumiEnv names the environment variable that holds the Pulumi CLI the tests run: `make e2e` and
// `make e2e-schema` set it to the CLI they built. Without it the tests are skipped, so that
// `go test ./...` does not build the CLI.
const PulumiEnv = "CIDLC_E2E_PULUMI"

// Tool returns the absolute path of the command that the environment variable env names, or "" when it
// is not set. A command name is looked up on $PATH; a relative path is refused, as it would be relative
// to the test's package.
func Tool(t testing.TB, env, what string) string {
	t.Helper()
	name := os.Getenv(env)
	if name == "" {
		return ""
	}
	if !filepath.IsAbs(name) && strings.ContainsRune(name, filepath.Separator) {
		t.Fatalf("$%s=%s: give an absolute path, or a command on $PATH", env, name)
	}
	path, err := exec.LookPath(name)
	if err != nil {
		t.Fatalf("$%s: %s: %v", env, what, err)
	}
	return path
}

// Context is the context of the test's commands (enginetest.Context), ending 10 seconds before the
// test's deadline.
func Context(t *testing.T) context.Context { return enginetest.Context(t) }

// Scratch makes the test's scratch directory, which t.TempDir removes, and returns it with a function
// that makes (if need be) and returns a directory below it.
func Scratch(t testing.TB) (string, func(parts ...string) string) {
	scratch := t.TempDir()
	return scratch, func(parts ...string) string {
		d := filepath.Join(append([]string{scratch}, parts...)...)
		if err := os.MkdirAll(d, 0o777); err != nil {
			t.Fatal(err)
		}
		return d
	}
}

// PulumiRoot makes the installation root that the Automation API wants, <root>/bin/pulumi, with a link
// to cli, as dir("pulumi"), and returns it.
func PulumiRoot(t testing.TB, cli string, dir func(parts ...string) string) string {
	t.Helper()
	if err := os.Symlink(cli, filepath.Join(dir("pulumi", "bin"), "pulumi")); err != nil {
		t.Fatal(err)
	}
	return dir("pulumi")
}

// OfflineEnv is the environment of the Pulumi CLI and the example's plugin below a scratch directory:
// nothing of the user's (home, backend), nothing from the network, and the plugin's cloud in dir("cloud").
func OfflineEnv(dir func(parts ...string) string, passphrase string) []string {
	return append(enginetest.OfflineEnv(dir, passphrase), "ACME_STATE_DIR="+dir("cloud"))
}

// NodeTools returns the absolute path of tstest/ with its node_modules installed (package nodetest,
// which the tests of gen/typescript use too), or fails the test.
func NodeTools(ctx context.Context, t testing.TB) string {
	t.Helper()
	var dir string
	if err := Timed(t, "Node tooling of tstest", func() (err error) {
		dir, err = nodetest.Install(ctx)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// Timed runs fn and logs what with its wall time.
func Timed(t testing.TB, what string, fn func() error) error {
	t.Helper()
	return enginetest.Timed(t, what, fn)
}

// Command prepares name with args to run in dir, as enginetest.Command does: with env added to the
// test's environment less the user's Pulumi settings (when env is not nil), in a process group of its
// own.
func Command(ctx context.Context, dir string, env []string, name string, args ...string) *exec.Cmd {
	return enginetest.Command(ctx, dir, env, name, args...)
}

// Output runs a command and returns its standard output and error, interleaved; an error holds them.
func Output(ctx context.Context, dir string, env []string, name string, args ...string) ([]byte, error) {
	var out bytes.Buffer
	cmd := Command(ctx, dir, env, name, args...)
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s %s (in %s): %v\n%s", name, strings.Join(args, " "), dir, err, out.Bytes())
	}
	return out.Bytes(), nil
}

// Stdout runs a command and returns its standard output; an error holds its standard error too.
func Stdout(ctx context.Context, dir string, env []string, name string, args ...string) ([]byte, error) {
	var out, errs bytes.Buffer
	cmd := Command(ctx, dir, env, name, args...)
	cmd.Stdout, cmd.Stderr = &out, &errs
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s %s (in %s): %v\n%s", name, strings.Join(args, " "), dir, err, errs.Bytes())
	}
	return out.Bytes(), nil
}

// Stream runs a command with its output on the test's standard output as it comes, which `go test -v`
// shows at once (and plain `go test` when the test fails).
func Stream(ctx context.Context, dir string, env []string, name string, args ...string) error {
	cmd := Command(ctx, dir, env, name, args...)
	r, w := io.Pipe()
	cmd.Stdout, cmd.Stderr = w, w
	done := make(chan struct{})
	go func() {
		defer close(done)
		s := bufio.NewScanner(r)
		s.Buffer(nil, 1<<20)
		for s.Scan() {
			fmt.Println("    " + s.Text())
		}
		_, _ = io.Copy(io.Discard, r)
	}()
	err := cmd.Run()
	w.Close()
	<-done
	if err != nil {
		return fmt.Errorf("%s %s: %v", name, strings.Join(args, " "), err)
	}
	return nil
}

// Prepare skips the test where it cannot run (-short, no Node.js, no Pulumi CLI in $CIDLC_E2E_PULUMI),
// then prepares p with enginetest.Prepare, with that CLI and the Node tooling of tstest/: the plugin
// built, the program compiled against the generated package, the offline environment. The example's
// cloud is the workspace's Dir("cloud").
func Prepare(t *testing.T, p enginetest.Program) *enginetest.Workspace {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: the end-to-end test runs the Pulumi engine")
	}
	if why := nodetest.Available(); why != "" {
		t.Skip(why)
	}
	if p.CLI = Tool(t, PulumiEnv, "the Pulumi CLI"); p.CLI == "" {
		t.Skipf("$%s is not set: run `make e2e`, which builds the Pulumi CLI and sets it, or set it to a pulumi binary", PulumiEnv)
	}
	p.NodeTools = NodeTools(Context(t), t)
	w := enginetest.Prepare(t, p)
	w.Env = append(w.Env, "ACME_STATE_DIR="+w.Dir("cloud"))
	return w
}
