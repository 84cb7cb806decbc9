package e2e

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/e2e/e2etest"
	"github.com/cidlc/cidlc/providertest/enginetest"
)

// Paths relative to this package.
const (
	repoRoot = ".."
	packDir  = "../examples/pack" // the generated package
	plugin   = "../examples/cmd/pulumi-resource-acme"
)

// TestE2E deploys the example with the real Pulumi engine: see program.ts, then config.ts. It runs
// them as a provider author's test does (package providertest/enginetest prepares them), but drives
// the engine from TypeScript, through the Automation API, for the many steps and checks of theirs.
func TestE2E(t *testing.T) {
	e := e2etest.Prepare(t, enginetest.Program{
		Plugin: plugin, Pack: packDir, Files: []string{"program.ts", "config.ts", "support.ts", "tsconfig.json"},
	})
	ctx, scratch, dir, cli := e.Ctx, e.Scratch, e.Dir, e.CLI
	program := filepath.Join(e.App, "bin", "program.js")
	env := append(e.Env,
		"E2E_PULUMI_ROOT="+e.PulumiRoot,
		"E2E_PLUGIN_DIR="+e.PluginDir,
		"E2E_WORK_DIR="+dir("project"),
		"CIDLC_E2E_EXPORT="+filepath.Join(scratch, "export.json"))
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
