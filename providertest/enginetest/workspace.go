package enginetest

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// Program says what an end-to-end test deploys: a provider plugin, and a TypeScript program written
// against the provider's generated package. Paths are relative to the test's package directory.
type Program struct {
	// Plugin is the Go package of the provider's plugin (its main), built for the test as the
	// directory's name says (pulumi-resource-files); the engine runs that executable.
	Plugin string
	// Pack is the directory of the provider's generated TypeScript package (cidlc --out-pack), which the
	// program imports by the name its package.json gives.
	Pack string
	// Files are the program's files, copied side by side: .ts files (Main among them) and, if it has
	// one, a tsconfig.json that compiles into bin/ (without one, a strict tsconfig of Node16 modules).
	Files []string
	// Main is the file that is the program, without .ts: "index" unless set. Its exports are the
	// stack's outputs.
	Main string
	// NodeTools is a directory whose node_modules holds @pulumi/pulumi and typescript; "" is Pack's
	// own (`npm install` in the generated package installs both).
	NodeTools string
	// CLI is the Pulumi CLI; "" is pulumi on $PATH.
	CLI string
	// Config is the stack's configuration, keyed as `pulumi config set` takes it (files:root), and
	// Secrets its secret values (`pulumi config set --secret`).
	Config, Secrets map[string]string
	// Env is added to the environment of the engine, the plugin and the program.
	Env []string
	// Project and Stack name the stack: "<package>-e2e" and "test" unless set.
	Project, Stack string
}

// Workspace is a program prepared to run: built below a scratch directory that the test removes,
// with an environment in which the Pulumi CLI runs offline.
type Workspace struct {
	// Ctx is the context of the test's commands, ending 10 seconds before its deadline so that they
	// are stopped, and report, before `go test` kills everything.
	Ctx context.Context
	// Scratch is the scratch directory.
	Scratch string
	// CLI is the Pulumi CLI, and PulumiRoot an installation root of it, as the Automation API's
	// PulumiCommand.get({root}) takes it: PulumiRoot/bin/pulumi is CLI.
	CLI, PulumiRoot string
	// PluginDir holds the plugin the test built, pulumi-resource-<Package>.
	PluginDir string
	// Package is the provider's package name, and Module the generated package's npm name, both from
	// its package.json.
	Package, Module string
	// App is the program's directory, compiled into App/bin; it resolves @pulumi/pulumi from
	// NodeTools and imports the compiled generated package by its name.
	App string
	// Env is the offline environment of the Pulumi CLI: $HOME, $PULUMI_HOME, $TMPDIR and a file://
	// backend (PULUMI_BACKEND_URL) in the scratch directory, a PULUMI_CONFIG_PASSPHRASE, no update check
	// and no plugin acquisition; then Program.Env.
	Env []string

	t testing.TB
}

// Dir makes (if need be) and returns a directory below the scratch directory.
func (w *Workspace) Dir(parts ...string) string {
	d := filepath.Join(append([]string{w.Scratch}, parts...)...)
	if err := os.MkdirAll(d, 0o777); err != nil {
		w.t.Fatal(err)
	}
	return d
}

// Prepare skips the test where it cannot run (-short, no Node.js, no Pulumi CLI, no node_modules),
// then builds p's plugin and program, at once, below a scratch directory that the test removes.
func Prepare(t *testing.T, p Program) *Workspace {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: the end-to-end test runs the Pulumi engine")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("Node.js is not installed: the end-to-end test runs the program with node")
	}
	cli := p.CLI
	if cli == "" {
		var err error
		if cli, err = exec.LookPath("pulumi"); err != nil {
			t.Skip("the Pulumi CLI is not on $PATH: install it (https://www.pulumi.com/docs/install/) to run the end-to-end test")
		}
	}
	cli, err := filepath.Abs(cli)
	if err != nil {
		t.Fatal(err)
	}
	tools := p.NodeTools
	if tools == "" {
		tools = p.Pack
	}
	tools, err = filepath.Abs(tools)
	if err != nil {
		t.Fatal(err)
	}
	for _, need := range []string{"@pulumi/pulumi", "typescript"} {
		if _, err := os.Stat(filepath.Join(tools, "node_modules", need, "package.json")); err != nil {
			t.Skipf("%s has no node_modules/%s: run `npm install` there to run the end-to-end test", tools, need)
		}
	}
	pkg, module, err := packageNames(p.Pack)
	if err != nil {
		t.Fatal(err)
	}
	w := &Workspace{Ctx: Context(t), Scratch: t.TempDir(), CLI: cli, Package: pkg, Module: module, t: t}
	w.PulumiRoot = w.Dir("pulumi")
	if err := os.Symlink(cli, filepath.Join(w.Dir("pulumi", "bin"), "pulumi")); err != nil {
		t.Fatal(err)
	}
	w.PluginDir = w.Dir("plugins")
	w.Env = append(OfflineEnv(w.Dir, "enginetest"), p.Env...)

	var wg sync.WaitGroup
	var pluginErr error
	wg.Go(func() {
		pluginErr = Timed(t, "go build "+p.Plugin, func() error {
			_, err := combined(w.Ctx, ".", nil, "go", "build", "-o", filepath.Join(w.PluginDir, "pulumi-resource-"+pkg), p.Plugin)
			return err
		})
	})
	w.App = w.buildProgram(t, tools, p)
	wg.Wait()
	if pluginErr != nil {
		t.Fatal(pluginErr)
	}
	return w
}

// OfflineEnv is the environment in which the Pulumi CLI runs offline, below the directory that dir
// makes (Workspace.Dir): $HOME, $PULUMI_HOME, $TMPDIR and a file:// backend there, the secrets of the
// stacks encrypted with passphrase, no update check, no plugin acquisition.
func OfflineEnv(dir func(parts ...string) string, passphrase string) []string {
	return []string{
		"HOME=" + dir("home"),
		"PULUMI_HOME=" + dir("home", ".pulumi"),
		"TMPDIR=" + dir("tmp"),
		"PULUMI_BACKEND_URL=file://" + filepath.ToSlash(dir("backend")),
		"PULUMI_CONFIG_PASSPHRASE=" + passphrase,
		"PULUMI_SKIP_UPDATE_CHECK=true",
		"PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true",
	}
}

// packageNames are the provider's package name and the npm name in the package.json of the generated
// package in dir.
func packageNames(dir string) (pkg, module string, err error) {
	file := filepath.Join(dir, "package.json")
	data, err := os.ReadFile(file)
	if err != nil {
		return "", "", fmt.Errorf("the generated package: %w", err)
	}
	var j struct {
		Name   string
		Pulumi struct{ Name string }
	}
	if err := json.Unmarshal(data, &j); err != nil || j.Name == "" || j.Pulumi.Name == "" {
		return "", "", fmt.Errorf("%s: not a generated Pulumi package, with a name and pulumi.name (%v)", file, err)
	}
	return j.Pulumi.Name, j.Name, nil
}

// defaultTSConfig compiles a program that brings no tsconfig.json of its own.
const defaultTSConfig = `{
    "compilerOptions": {
        "target": "ES2022",
        "module": "Node16",
        "moduleResolution": "Node16",
        "strict": true,
        "outDir": "bin",
        "skipLibCheck": true
    },
    "include": ["*.ts"]
}
`

// buildProgram copies the generated package's sources and the program's files below the scratch
// directory, compiles both with the tsc of tools, and returns the program's directory. Node finds
// @pulumi/pulumi for both in the scratch directory's node_modules, a link to tools', and the package
// by its name in the program's node_modules.
func (w *Workspace) buildProgram(t *testing.T, tools string, p Program) string {
	t.Helper()
	if err := os.Symlink(filepath.Join(tools, "node_modules"), filepath.Join(w.Scratch, "node_modules")); err != nil {
		t.Fatal(err)
	}
	pack := filepath.Join(w.Scratch, "pack")
	if err := copyTree(p.Pack, pack, func(rel string, d fs.DirEntry) bool {
		return !d.IsDir() || rel != "bin" && d.Name() != "node_modules"
	}); err != nil {
		t.Fatal(err)
	}
	app := w.Dir("app")
	for _, name := range p.Files {
		if err := copyFile(name, filepath.Join(app, filepath.Base(name))); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(filepath.Join(app, "tsconfig.json")); os.IsNotExist(err) {
		if err := os.WriteFile(filepath.Join(app, "tsconfig.json"), []byte(defaultTSConfig), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(app, "node_modules"), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(pack, filepath.Join(app, "node_modules", w.Module)); err != nil {
		t.Fatal(err)
	}
	tsc := filepath.Join(tools, "node_modules", "typescript", "bin", "tsc")
	for _, dir := range []string{pack, app} {
		if err := Timed(t, "tsc -p "+filepath.Base(dir), func() error {
			_, err := combined(w.Ctx, dir, nil, "node", tsc, "-p", ".")
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	return app
}

// copyTree copies the regular files below src that keep accepts (by their path relative to src) to
// dst.
func copyTree(src, dst string, keep func(rel string, d fs.DirEntry) bool) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		switch {
		case !keep(filepath.ToSlash(rel), d) && d.IsDir():
			return filepath.SkipDir
		case !keep(filepath.ToSlash(rel), d):
		case d.Type().IsRegular():
			return copyFile(p, filepath.Join(dst, rel))
		}
		return nil
	})
}

func copyFile(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o777); err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o666)
}

// Context is the context of a test's commands, ending 10 seconds before the test's deadline so that
// they are stopped, and report, before `go test` kills everything. It is not t.Context(), which ends
// before the test's cleanups run: Up's destroy is one.
func Context(t *testing.T) context.Context {
	ctx := context.Background()
	if deadline, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline.Add(-10*time.Second))
		t.Cleanup(cancel)
	}
	return ctx
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
// settings of a Pulumi installation of the user's (backend, access token, home, …) when env is not
// nil: the tests must not reach them. It runs in a process group of its own where the system has them,
// so that stopping it stops what it started too (the CLI and the plugins).
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
	ownProcessGroup(cmd)
	cmd.WaitDelay = 10 * time.Second
	return cmd
}

// combined runs a command (Command) and returns its standard output and error, interleaved; an error
// holds them.
func combined(ctx context.Context, dir string, env []string, name string, args ...string) ([]byte, error) {
	var out strings.Builder
	cmd := Command(ctx, dir, env, name, args...)
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s %s (in %s): %v\n%s", name, strings.Join(args, " "), dir, err, out.String())
	}
	return []byte(out.String()), nil
}
