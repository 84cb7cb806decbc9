package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/e2e/e2etest"
	"github.com/cidlc/cidlc/internal/testsupport"
)

// TestScaffoldE2E runs the end-to-end test of a module that cidlc init makes, as its author runs it
// (make e2e): the module's TypeScript program deployed under the real engine with the module's
// plugin, through package providertest/enginetest, from the module's own repository. cidlc init runs
// as the README says to run it from a clone (go run ./cmd/cidlc init), offline; the module's
// package finds tstest's node_modules where npm install would put them, and the CLI is on $PATH.
func TestScaffoldE2E(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the end-to-end test runs the Pulumi engine")
	}
	cli := e2etest.Tool(t, e2etest.PulumiEnv, "the Pulumi CLI")
	if cli == "" {
		t.Skipf("$%s is not set: run `make e2e`, which builds the Pulumi CLI and sets it", e2etest.PulumiEnv)
	}
	ctx := e2etest.Context(t)
	tools := e2etest.NodeTools(ctx, t)
	testsupport.GoOffline(t, repoRoot)
	t.Setenv("PATH", filepath.Dir(cli)+string(os.PathListSeparator)+os.Getenv("PATH"))
	dir := filepath.Join(t.TempDir(), "pulumi-files")
	if err := e2etest.Timed(t, "go run ./cmd/cidlc init", func() error {
		_, err := e2etest.Output(ctx, repoRoot, nil, "go", "run", "./cmd/cidlc", "init", dir)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(tools, "node_modules"), filepath.Join(dir, "pack", "node_modules")); err != nil {
		t.Fatal(err)
	}
	// make e2e, but for the npm install of pack/node_modules, which the link stands in for.
	command := []string{"make", "-o", "pack/node_modules", "e2e"}
	if _, err := exec.LookPath("make"); err != nil {
		command = []string{"go", "test", "-count=1", "-v", "-run", "TestE2E", "./e2e/"}
	}
	var out []byte
	if err := e2etest.Timed(t, strings.Join(command, " "), func() (err error) {
		out, err = e2etest.Output(ctx, dir, nil, command[0], command[1:]...)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "--- PASS: TestE2E") {
		t.Fatalf("the module's end-to-end test did not pass:\n%s", out)
	}
	t.Logf("%s", out)
}
