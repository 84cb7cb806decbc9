package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/internal/testsupport"
)

// TestMain lets the test binary act as cidlc itself (as x/tools' stringer tests do): real flags, real exit
// codes, no build step. The runs keep their up-to-date stamps out of the user's cache.
func TestMain(m *testing.M) {
	if os.Getenv("CIDLC_TEST_AS_CIDLC") == "1" {
		main()
		return
	}
	testsupport.RunWithPrivateCache(m)
}

// cidlc runs the test binary as cidlc in dir and returns its output and exit status.
func cidlc(t *testing.T, dir string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	return cidlcEnv(t, nil, dir, args...)
}

// cidlcEnv is cidlc with more environment variables.
func cidlcEnv(t *testing.T, env []string, dir string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "CIDLC_TEST_AS_CIDLC=1"), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		status = exit.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return out.String(), errb.String(), status
}

func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

func TestExitStatuses(t *testing.T) {
	root := repoRoot(t)
	for _, tc := range []struct {
		name   string
		args   []string
		status int
		stdout string // substring
		stderr string // substring
	}{
		{name: "clean IDL", args: []string{"examples/idl"}, status: 0},
		{name: "diagnostics", args: []string{"testdata/golden/bad_many_errors_one_file/idl"}, status: 1,
			stderr: "testdata/golden/bad_many_errors_one_file/idl/bad.go:13:8: Thing.Count: int64 is not an IDL type; use int (integers up to 2^53-1 in magnitude, what a number on the wire holds exactly), or string for identifiers beyond that\n"},
		{name: "no IDL_DIR", args: nil, status: 2, stderr: "missing IDL_DIR"},
		{name: "two dirs", args: []string{"a", "b"}, status: 2, stderr: "want one IDL_DIR"},
		{name: "unknown flag", args: []string{"--frobnicate", "examples/idl"}, status: 2, stderr: "unknown flag: --frobnicate"},
		{name: "help", args: []string{"--help"}, status: 0, stdout: "--out-provider"},
		{name: "version", args: []string{"--version"}, status: 0, stdout: "cidlc "},
		{name: "stubs outside any module", args: []string{"examples/idl", "--out-provider", filepath.Join(t.TempDir(), "provider")}, status: 1,
			stderr: "not inside a Go module"},
		{name: "verbose", args: []string{"-v", "examples/idl"}, status: 0, stderr: "package acme: 5 modules"},
		{name: "version not semantic", args: []string{"--pkg-version=1.2", "examples/idl"}, status: 2,
			stderr: `cidlc: --pkg-version "1.2" is not a semantic version (MAJOR.MINOR.PATCH, such as 1.2.0)`},
		{name: "download URL without version", args: []string{"--plugin-download-url=https://example.com/", "examples/idl"}, status: 2,
			stderr: "cidlc: --plugin-download-url needs --pkg-version: the engine downloads a plugin by its version\n"},
		{name: "download URL from files", args: []string{"--pkg-version=1.2.0", "--plugin-download-url=file:///srv/releases", "examples/idl"}, status: 2,
			stderr: `cidlc: --plugin-download-url "file:///srv/releases": the engine cannot download from file:// URLs; serve the directory over HTTP`},
		{name: "download URL relative", args: []string{"--pkg-version=1.2.0", "--plugin-download-url=releases/", "examples/idl"}, status: 2,
			stderr: `cidlc: --plugin-download-url "releases/": the engine downloads plugins from an absolute http:// or https:// URL`},
		{name: "release", args: []string{"--pkg-version=v1.2.0", "--plugin-download-url=https://example.com/v${VERSION}/", "examples/idl"}, status: 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, status := cidlc(t, root, tc.args...)
			if status != tc.status || !strings.Contains(stdout, tc.stdout) || !strings.Contains(stderr, tc.stderr) {
				t.Errorf("cidlc %s: exit %d, want %d\nstdout:\n%s\nstderr:\n%s\nwant stdout containing %q, stderr containing %q",
					strings.Join(tc.args, " "), status, tc.status, stdout, stderr, tc.stdout, tc.stderr)
			}
		})
	}
}

// TestHelp: each flag's line names the value it takes (pflag takes the first back-quoted word of a usage
// for that name), and shows no empty default.
func TestHelp(t *testing.T) {
	stdout, _, status := cidlc(t, ".", "--help")
	if status != 0 {
		t.Fatalf("exit %d", status)
	}
	for flag, value := range map[string]string{
		"--out-pack": "dir", "--out-provider": "dir", "--out-rpc": "dir", "--out-schema": "file",
		"--pkg-version": "version", "--plugin-download-url": "url", "--schema-meta": "key=value", "--name": "name",
		"--validate-snapshot": "file",
	} {
		if !regexp.MustCompile(`(?m)^\s+` + flag + " " + regexp.QuoteMeta(value) + `\s{2,}\S`).MatchString(stdout) {
			t.Errorf("the help does not show %s %s:\n%s", flag, value, stdout)
		}
	}
	if strings.Contains(stdout, "`") || strings.Contains(stdout, "(default [])") {
		t.Errorf("the help shows a back quote or an empty default:\n%s", stdout)
	}
}

// TestAllDiagnosticsInOneRun: every problem of the file is reported, and the quiet flag keeps only them.
func TestAllDiagnosticsInOneRun(t *testing.T) {
	_, stderr, status := cidlc(t, repoRoot(t), "-q", "testdata/golden/bad_many_errors_one_file/idl")
	want, err := os.ReadFile("../../testdata/golden/bad_many_errors_one_file/diagnostics.txt")
	if err != nil {
		t.Fatal(err)
	}
	// The golden is relative to the case directory; the command runs from the repository root.
	wantText := strings.ReplaceAll(string(want), "idl/", "testdata/golden/bad_many_errors_one_file/idl/")
	if status != 1 || stderr != wantText {
		t.Errorf("exit %d\ngot:\n%s\nwant:\n%s", status, stderr, wantText)
	}
}

// TestPrintModel: the model is printed as JSON with positions relative to the working directory. The
// flag's old name, --print-schema, still works, with a warning.
func TestPrintModel(t *testing.T) {
	stdout, stderr, status := cidlc(t, repoRoot(t), "--print-model", "testdata/load/designnote")
	if status != 0 {
		t.Fatalf("exit %d: %s", status, stderr)
	}
	for _, want := range []string{`"token": "aws:ec2/securityGroup:SecurityGroup"`, `"Filename": "testdata/load/designnote/ec2/securityGroup.go"`, `"name": "groupID"`, `"module": "ec2/securityGroup"`} {
		if !strings.Contains(stdout, want) {
			t.Errorf("--print-model output lacks %s", want)
		}
	}
	old, oldErr, status := cidlc(t, repoRoot(t), "--print-schema", "testdata/load/designnote")
	if status != 0 || old != stdout || oldErr != "cidlc: --print-schema is deprecated; use --print-model\n" {
		t.Errorf("--print-schema: exit %d, stderr %q, same output %v", status, oldErr, old == stdout)
	}
}

// TestGoGenerate runs the go:generate line of the example IDL the way a provider author does.
func TestGoGenerate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds cidlc with go run")
	}
	cmd := exec.Command("go", "generate", "./examples/idl")
	cmd.Dir = repoRoot(t)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go generate: %v\n%s", err, out)
	}
	// The checked-in example outputs are what go generate produces.
	_, stderr, status := cidlc(t, repoRoot(t), "examples/idl", "--out-pack=examples/pack", "--out-provider=examples/provider",
		"--out-schema=examples/cmd/pulumi-resource-acme/schema.json", "--pkg-version=0.1.0", "--check")
	if status != 0 {
		t.Errorf("examples/ is not current after go generate: exit %d\n%s", status, stderr)
	}
}

// TestPostgreSQLExampleCurrent: the checked-in outputs of examples/postgresql are what its go:generate
// line produces with this cidlc, as `cidlc --check` in the provider's CI would say.
func TestPostgreSQLExampleCurrent(t *testing.T) {
	_, stderr, status := cidlc(t, repoRoot(t), "examples/postgresql/idl", "--out-pack=examples/postgresql/pack",
		"--out-provider=examples/postgresql/provider", "--out-schema=examples/postgresql/cmd/pulumi-resource-postgresql/schema.json",
		"--pkg-version=0.1.0", "--check")
	if status != 0 {
		t.Errorf("examples/postgresql is not current: run go generate in examples/postgresql/idl (exit %d)\n%s", status, stderr)
	}
}
