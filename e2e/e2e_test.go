package e2e

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// PulumiEnv names the environment variable that holds the Pulumi CLI the test runs: `make e2e` sets it
// to the CLI it built. Without it the test is skipped, so that `go test ./...` does not build the CLI.
const PulumiEnv = "CIDLC_E2E_PULUMI"

// Paths relative to this package.
const (
	repoRoot = ".."
	toolsDir = "../tstest"        // the pinned Node tooling, shared with gen/typescript's tests
	packDir  = "../examples/pack" // the generated package
	plugin   = "./examples/cmd/pulumi-resource-acme"
)

// TestE2E deploys the example with the real Pulumi engine: see program.ts.
func TestE2E(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the end-to-end test runs the Pulumi engine")
	}
	for _, tool := range []string{"node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed: the end-to-end test needs Node.js 20 and npm", tool)
		}
	}
	cli := os.Getenv(PulumiEnv)
	if cli == "" {
		t.Skipf("$%s is not set: run `make e2e`, which builds the Pulumi CLI and sets it, or set it to a pulumi binary", PulumiEnv)
	}
	// A command name is looked up on $PATH; a relative path would be relative to this package.
	if !filepath.IsAbs(cli) && strings.ContainsRune(cli, filepath.Separator) {
		t.Fatalf("$%s=%s: give an absolute path, or a command on $PATH", PulumiEnv, cli)
	}
	cli, err := exec.LookPath(cli)
	if err != nil {
		t.Fatalf("$%s: %v", PulumiEnv, err)
	}
	ctx := t.Context()
	if deadline, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline.Add(-10*time.Second))
		defer cancel()
	}

	// Everything the test writes goes below scratch, which t.TempDir removes: the builds, the project,
	// the backend, the cloud, and what the CLI would keep in $HOME and $TMPDIR.
	scratch := t.TempDir()
	dir := func(parts ...string) string {
		d := filepath.Join(append([]string{scratch}, parts...)...)
		if err := os.MkdirAll(d, 0o777); err != nil {
			t.Fatal(err)
		}
		return d
	}
	// The Automation API wants an installation root: <root>/bin/pulumi.
	pulumiRoot := dir("pulumi")
	if err := os.Symlink(cli, filepath.Join(dir("pulumi", "bin"), "pulumi")); err != nil {
		t.Fatal(err)
	}

	// The plugin and the TypeScript build in parallel.
	pluginDir := dir("plugins")
	var wg sync.WaitGroup
	var pluginErr error
	wg.Go(func() {
		pluginErr = timed(t, "go build "+plugin, func() error {
			_, err := output(ctx, repoRoot, nil, "go", "build", "-o", filepath.Join(pluginDir, "pulumi-resource-acme"), plugin)
			return err
		})
	})
	program := buildProgram(ctx, t, scratch)
	wg.Wait()
	if pluginErr != nil {
		t.Fatal(pluginErr)
	}

	env := []string{
		"HOME=" + dir("home"),
		"PULUMI_HOME=" + dir("home", ".pulumi"),
		"TMPDIR=" + dir("tmp"),
		"PULUMI_BACKEND_URL=file://" + filepath.ToSlash(dir("backend")),
		"PULUMI_CONFIG_PASSPHRASE=e2e",
		"PULUMI_SKIP_UPDATE_CHECK=true",
		"PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true",
		"ACME_STATE_DIR=" + dir("cloud"),
		"E2E_PULUMI_ROOT=" + pulumiRoot,
		"E2E_PLUGIN_DIR=" + pluginDir,
		"E2E_WORK_DIR=" + dir("project"),
		"CIDLC_E2E_EXPORT=" + filepath.Join(scratch, "export.json"),
	}
	t.Logf("running %s with the Pulumi CLI %s", filepath.Base(program), cli)
	if err := timed(t, "node program.js", func() error {
		return stream(ctx, filepath.Dir(program), env, "node", program)
	}); err != nil {
		t.Fatal(err)
	}
	validateExport(ctx, t, filepath.Join(scratch, "export.json"))
}

// validateExport runs `cidlc --validate-snapshot` on the state the program exported after its first up:
// it must be clean; a copy with a value of the wrong type, a required input removed and a dependency
// on a resource that does not exist must fail with those three problems at their positions.
func validateExport(ctx context.Context, t *testing.T, export string) {
	validate := func(file string) (string, int) {
		var out bytes.Buffer
		cmd := command(ctx, repoRoot, nil, "go", "run", "./cmd/cidlc", "examples/idl", "--validate-snapshot="+file)
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			t.Fatalf("cidlc --validate-snapshot: %v\n%s", err, out.Bytes())
		}
		return out.String(), cmd.ProcessState.ExitCode()
	}
	if out, status := validate(export); status != 0 {
		t.Fatalf("the exported state does not validate against the IDL (exit %d):\n%s", status, out)
	}
	b, err := os.ReadFile(export)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	// edit replaces the first old in text with new and returns the line:col where new starts, plus skip
	// bytes.
	edit := func(old, new string, skip int) string {
		i := strings.Index(text, old)
		if i < 0 {
			t.Fatalf("the export has no %q", old)
		}
		text = text[:i] + new + text[i+len(old):]
		i += skip
		return fmt.Sprintf("%d:%d", strings.Count(text[:i], "\n")+1, i-strings.LastIndex(text[:i], "\n"))
	}
	wrongType := edit(`"cidrBlock": "10.0.0.0/16"`, `"cidrBlock": 1600`, len(`"cidrBlock": `))
	edit(`"machineType": "small",`, ``, 0)
	const gone = `"urn:pulumi:e2e::acme-e2e::acme:network/vpc:VPC::gone"`
	dangling := edit(`"dependencies": [`, `"dependencies": [`+gone+`,`, len(`"dependencies": [`))
	edited := filepath.Join(filepath.Dir(export), "edited.json")
	if err := os.WriteFile(edited, []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
	out, status := validate(edited)
	if status != 1 {
		t.Errorf("the edited export: exit %d, want 1:\n%s", status, out)
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(edited+":"+wrongType+`: resource "urn:pulumi:e2e::acme-e2e::acme:network/vpc:VPC::main": input "cidrBlock": want a string, got a number`) + `$`),
		regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(edited) + `:\d+:\d+: resource "urn:pulumi:e2e::acme-e2e::acme:compute/instance:Instance::web": input "machineType": missing required property$`),
		regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(edited+":"+dangling+`: resource "`) + `[^"]+": dependencies: a reference to ` + regexp.QuoteMeta(gone) + `, which is not a resource of the snapshot$`),
	} {
		if !want.MatchString(out) {
			t.Errorf("cidlc --validate-snapshot on the edited export: no line matches %s:\n%s", want, out)
		}
	}
	t.Logf("cidlc --validate-snapshot: the exported state is clean; the edited copy fails with:\n%s", out)
}

// buildProgram copies the generated package and program.ts below scratch, compiles both with the tsc
// of tstest/, and returns the compiled program. Node finds @pulumi/pulumi for both in scratch's
// node_modules, a link to tstest's, and the package as "acme" in the program's node_modules.
func buildProgram(ctx context.Context, t *testing.T, scratch string) string {
	tools := nodeTools(ctx, t)
	if err := os.Symlink(filepath.Join(tools, "node_modules"), filepath.Join(scratch, "node_modules")); err != nil {
		t.Fatal(err)
	}
	tsc := filepath.Join(tools, "node_modules", "typescript", "bin", "tsc")
	pack := filepath.Join(scratch, "pack")
	copyPack(t, packDir, pack)
	app := filepath.Join(scratch, "app")
	for _, name := range []string{"program.ts", "tsconfig.json"} {
		copyFile(t, name, filepath.Join(app, name))
	}
	if err := os.MkdirAll(filepath.Join(app, "node_modules"), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(pack, filepath.Join(app, "node_modules", "acme")); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{pack, app} {
		if err := timed(t, "tsc -p "+filepath.Base(dir), func() error {
			_, err := output(ctx, dir, nil, "node", tsc, "-p", ".")
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(app, "bin", "program.js")
}

// nodeTools returns the absolute path of tstest/ with its node_modules installed by `npm ci`, unless
// they are as new as the lockfile already (npm ci writes node_modules/.package-lock.json). The tests of
// gen/typescript install them the same way.
func nodeTools(ctx context.Context, t *testing.T) string {
	dir, err := filepath.Abs(toolsDir)
	if err != nil {
		t.Fatal(err)
	}
	lock, err := os.Stat(filepath.Join(dir, "package-lock.json"))
	if err != nil {
		t.Fatal(err)
	}
	if installed, err := os.Stat(filepath.Join(dir, "node_modules", ".package-lock.json")); err == nil && !installed.ModTime().Before(lock.ModTime()) {
		return dir
	}
	if err := timed(t, "npm ci in tstest", func() error {
		_, err := output(ctx, dir, nil, "npm", "ci", "--no-audit", "--no-fund")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// timed runs fn and logs what with its wall time.
func timed(t *testing.T, what string, fn func() error) error {
	start := time.Now()
	err := fn()
	t.Logf("%s: %v", what, time.Since(start).Round(10*time.Millisecond))
	return err
}

// command prepares name with args to run in dir with env added to the test's environment. It runs in a
// process group of its own, so that stopping it stops what it started too (the CLI and the plugins).
func command(ctx context.Context, dir string, env []string, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	if env != nil {
		cmd.Env = append(cleanEnv(), env...)
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second
	return cmd
}

// cleanEnv is the test's environment without the settings of a Pulumi installation of the user's
// (backend, access token, home, …): the test must not reach them.
func cleanEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PULUMI_") {
			env = append(env, kv)
		}
	}
	return env
}

// output runs a command and returns its output; an error holds the output.
func output(ctx context.Context, dir string, env []string, name string, args ...string) ([]byte, error) {
	var out bytes.Buffer
	cmd := command(ctx, dir, env, name, args...)
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s %s (in %s): %v\n%s", name, strings.Join(args, " "), dir, err, out.Bytes())
	}
	return out.Bytes(), nil
}

// stream runs a command with its output on the test's standard output as it comes, which `go test -v`
// shows at once (and plain `go test` when the test fails).
func stream(ctx context.Context, dir string, env []string, name string, args ...string) error {
	cmd := command(ctx, dir, env, name, args...)
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
			copyFile(t, p, filepath.Join(dst, rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// copyFile copies src to dst, creating dst's directory.
func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b, 0o666); err != nil {
		t.Fatal(err)
	}
}
