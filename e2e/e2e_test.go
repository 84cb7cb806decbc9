package e2e

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/cidlc/cidlc/e2e/e2etest"
	"github.com/cidlc/cidlc/internal/nodetest"
	"github.com/cidlc/cidlc/internal/testsupport"
)

// Paths relative to this package.
const (
	repoRoot = ".."
	packDir  = "../examples/pack" // the generated package
	plugin   = "./examples/cmd/pulumi-resource-acme"
)

// TestE2E deploys the example with the real Pulumi engine: see program.ts, then config.ts.
func TestE2E(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the end-to-end test runs the Pulumi engine")
	}
	for _, tool := range []string{"node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed: the end-to-end test needs Node.js 20 and npm", tool)
		}
	}
	cli := e2etest.Tool(t, e2etest.PulumiEnv, "the Pulumi CLI")
	if cli == "" {
		t.Skipf("$%s is not set: run `make e2e`, which builds the Pulumi CLI and sets it, or set it to a pulumi binary", e2etest.PulumiEnv)
	}
	ctx := e2etest.Context(t)

	// Everything the test writes goes below scratch, which t.TempDir removes: the builds, the project,
	// the backend, the cloud, and what the CLI would keep in $HOME and $TMPDIR.
	scratch, dir := e2etest.Scratch(t)
	pulumiRoot := e2etest.PulumiRoot(t, cli, dir)

	// The plugin and the TypeScript build in parallel.
	pluginDir := dir("plugins")
	var wg sync.WaitGroup
	var pluginErr error
	wg.Go(func() {
		pluginErr = e2etest.Timed(t, "go build "+plugin, func() error {
			_, err := e2etest.Output(ctx, repoRoot, nil, "go", "build", "-o", filepath.Join(pluginDir, "pulumi-resource-acme"), plugin)
			return err
		})
	})
	program := buildProgram(ctx, t, scratch)
	wg.Wait()
	if pluginErr != nil {
		t.Fatal(pluginErr)
	}

	env := append(e2etest.OfflineEnv(dir, "e2e"),
		"E2E_PULUMI_ROOT="+pulumiRoot,
		"E2E_PLUGIN_DIR="+pluginDir,
		"E2E_WORK_DIR="+dir("project"),
		"CIDLC_E2E_EXPORT="+filepath.Join(scratch, "export.json"),
	)
	t.Logf("running %s with the Pulumi CLI %s", filepath.Base(program), cli)
	if err := e2etest.Timed(t, "node program.js", func() error {
		return e2etest.Stream(ctx, filepath.Dir(program), env, "node", program)
	}); err != nil {
		t.Fatal(err)
	}
	validateExport(ctx, t, filepath.Join(scratch, "export.json"))
	// The configuration's own program: the stack's, explicit providers', the environment's.
	if err := e2etest.Timed(t, "node config.js", func() error {
		return e2etest.Stream(ctx, filepath.Dir(program), append(env, "E2E_CONFIG_WORK_DIR="+dir("config-project")), "node",
			filepath.Join(filepath.Dir(program), "config.js"))
	}); err != nil {
		t.Fatal(err)
	}
}

// validateExport runs `cidlc --validate-snapshot` on the state the program exported after its first up:
// it must be clean; a copy with a value of the wrong type, a required input removed and a dependency
// on a resource that does not exist must fail with those three problems at their positions.
func validateExport(ctx context.Context, t *testing.T, export string) {
	validate := func(file string) (string, int) {
		var out bytes.Buffer
		cmd := e2etest.Command(ctx, repoRoot, nil, "go", "run", "./cmd/cidlc", "examples/idl", "--validate-snapshot="+file)
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
	tools := e2etest.NodeTools(ctx, t)
	if err := os.Symlink(filepath.Join(tools, "node_modules"), filepath.Join(scratch, "node_modules")); err != nil {
		t.Fatal(err)
	}
	tsc := nodetest.TSC(tools)
	pack := filepath.Join(scratch, "pack")
	copyPack(t, packDir, pack)
	app := filepath.Join(scratch, "app")
	for _, name := range []string{"program.ts", "config.ts", "support.ts", "tsconfig.json"} {
		testsupport.CopyFile(t, name, filepath.Join(app, name))
	}
	if err := os.MkdirAll(filepath.Join(app, "node_modules"), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(pack, filepath.Join(app, "node_modules", "acme")); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{pack, app} {
		if err := e2etest.Timed(t, "tsc -p "+filepath.Base(dir), func() error {
			_, err := e2etest.Output(ctx, dir, nil, "node", tsc, "-p", ".")
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(app, "bin", "program.js")
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
