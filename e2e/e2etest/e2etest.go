// Package e2etest holds what the end-to-end tests (e2e/ and e2e/schema/) share: finding the tools they
// run, a scratch directory with an offline environment for the Pulumi CLI, and running commands in
// process groups of their own with their wall time logged. It is for those tests only.
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
	"syscall"
	"testing"
	"time"

	"github.com/cidlc/cidlc/internal/nodetest"
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

// Context is the test's context, ending 10 seconds before the test's deadline so that commands are
// stopped, and report, before `go test` kills everything.
func Context(t *testing.T) context.Context {
	ctx := t.Context()
	if deadline, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline.Add(-10*time.Second))
		t.Cleanup(cancel)
	}
	return ctx
}

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
	return []string{
		"HOME=" + dir("home"),
		"PULUMI_HOME=" + dir("home", ".pulumi"),
		"TMPDIR=" + dir("tmp"),
		"PULUMI_BACKEND_URL=file://" + filepath.ToSlash(dir("backend")),
		"PULUMI_CONFIG_PASSPHRASE=" + passphrase,
		"PULUMI_SKIP_UPDATE_CHECK=true",
		"PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true",
		"ACME_STATE_DIR=" + dir("cloud"),
	}
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
	start := time.Now()
	err := fn()
	t.Logf("%s: %v", what, time.Since(start).Round(10*time.Millisecond))
	return err
}

// Command prepares name with args to run in dir with env added to the test's environment, less the
// settings of a Pulumi installation of the user's (backend, access token, home, …) when env is not nil:
// the tests must not reach them. It runs in a process group of its own, so that stopping it stops what
// it started too (the CLI and the plugins).
func Command(ctx context.Context, dir string, env []string, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	if env != nil {
		var base []string
		for _, kv := range os.Environ() {
			if !strings.HasPrefix(kv, "PULUMI_") {
				base = append(base, kv)
			}
		}
		cmd.Env = append(base, env...)
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second
	return cmd
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
