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
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/cidlc/cidlc/internal/testsupport"
	"github.com/cidlc/cidlc/internal/testsupport/nodetest"
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

// BuildProgram builds a TypeScript program of the end-to-end tests against a generated package: it copies
// the package's sources (from packDir) and the program's files (paths relative to the test's package:
// .ts files and their tsconfig.json) below scratch, compiles both with the tsc of tstest/, and returns
// the directory of the compiled program. Node finds @pulumi/pulumi for both in scratch's node_modules, a
// link to tstest's, and the package as packName in the program's node_modules.
func BuildProgram(ctx context.Context, t *testing.T, scratch, packDir, packName string, files ...string) string {
	t.Helper()
	tools := NodeTools(ctx, t)
	if err := os.Symlink(filepath.Join(tools, "node_modules"), filepath.Join(scratch, "node_modules")); err != nil {
		t.Fatal(err)
	}
	tsc := nodetest.TSC(tools)
	pack := filepath.Join(scratch, "pack")
	copyPack(t, packDir, pack)
	app := filepath.Join(scratch, "app")
	for _, name := range files {
		testsupport.CopyFile(t, name, filepath.Join(app, filepath.Base(name)))
	}
	if err := os.MkdirAll(filepath.Join(app, "node_modules"), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(pack, filepath.Join(app, "node_modules", packName)); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{pack, app} {
		if err := Timed(t, "tsc -p "+filepath.Base(dir), func() error {
			_, err := Output(ctx, dir, nil, "node", tsc, "-p", ".")
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(app, "bin")
}

// copyPack copies the package's sources in src to dst: not what building or installing it in place
// left there (bin/, node_modules/).
func copyPack(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		switch {
		case d.IsDir() && (rel == "bin" || d.Name() == "node_modules"):
			return filepath.SkipDir
		case d.Type().IsRegular():
			testsupport.CopyFile(t, p, filepath.Join(dst, rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Program says what an end-to-end test deploys: a provider plugin and a TypeScript program written
// against the provider's generated package.
type Program struct {
	// RepoRoot is the repository's root, relative to the test's package; Plugin the plugin's Go package
	// (./examples/cmd/pulumi-resource-acme), built as PluginName.
	RepoRoot, Plugin, PluginName string
	// Pack is the generated package's directory, imported by the program as PackName.
	Pack, PackName string
	// Files are the program's files (see BuildProgram).
	Files []string
}

// Prepared is a program built, with the scratch directory it runs in.
type Prepared struct {
	Ctx     context.Context
	Scratch string
	Dir     func(parts ...string) string
	// CLI is the Pulumi CLI; Bin the directory of the compiled program.
	CLI, Bin string
	// Env is the program's environment: offline (OfflineEnv), with E2E_PULUMI_ROOT, E2E_PLUGIN_DIR and
	// E2E_WORK_DIR set.
	Env []string
}

// Prepare skips the test where it cannot run (-short, no Node.js, no Pulumi CLI), then builds p's plugin
// and program in parallel below a scratch directory, which t.TempDir removes: the builds, the project,
// the backend, and what the CLI would keep in $HOME and $TMPDIR go there.
func Prepare(t *testing.T, p Program) *Prepared {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: the end-to-end test runs the Pulumi engine")
	}
	if why := nodetest.Available(); why != "" {
		t.Skip(why)
	}
	cli := Tool(t, PulumiEnv, "the Pulumi CLI")
	if cli == "" {
		t.Skipf("$%s is not set: run `make e2e`, which builds the Pulumi CLI and sets it, or set it to a pulumi binary", PulumiEnv)
	}
	ctx := Context(t)
	scratch, dir := Scratch(t)
	pulumiRoot := PulumiRoot(t, cli, dir)
	pluginDir := dir("plugins")
	var wg sync.WaitGroup
	var pluginErr error
	wg.Go(func() {
		pluginErr = Timed(t, "go build "+p.Plugin, func() error {
			_, err := Output(ctx, p.RepoRoot, nil, "go", "build", "-o", filepath.Join(pluginDir, p.PluginName), p.Plugin)
			return err
		})
	})
	bin := BuildProgram(ctx, t, scratch, p.Pack, p.PackName, p.Files...)
	wg.Wait()
	if pluginErr != nil {
		t.Fatal(pluginErr)
	}
	env := append(OfflineEnv(dir, "e2e"),
		"E2E_PULUMI_ROOT="+pulumiRoot,
		"E2E_PLUGIN_DIR="+pluginDir,
		"E2E_WORK_DIR="+dir("project"),
	)
	return &Prepared{Ctx: ctx, Scratch: scratch, Dir: dir, CLI: cli, Bin: bin, Env: env}
}
