package testsupport

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Run runs the command name with args in dir and returns its output, standard output and standard error
// interleaved. It fails the test with that output if the command fails, and logs how long it took. A
// command that hangs is stopped by go test's -timeout.
func Run(t testing.TB, dir, name string, args ...string) string {
	t.Helper()
	start := time.Now()
	var out bytes.Buffer
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s (in %s): %v\n%s", commandLine(name, args), dir, err, out.Bytes())
	}
	t.Logf("%s: %v", commandLine(name, args), time.Since(start).Round(10*time.Millisecond))
	return out.String()
}

// commandLine shortens a command line for messages: absolute paths to their base names (tools and
// temporary files), multi-line arguments (scripts) to their first line.
func commandLine(name string, args []string) string {
	parts := []string{filepath.Base(name)}
	for _, a := range args {
		if filepath.IsAbs(a) {
			a = filepath.Base(a)
		}
		if first, _, cut := strings.Cut(a, "\n"); cut {
			a = first + " …"
		}
		parts = append(parts, a)
	}
	return strings.Join(parts, " ")
}

// Git runs git in dir as Run does, as a committer with a fixed identity and without signing, whatever
// the machine's git configuration says: for tests that make repositories of their own.
func Git(t testing.TB, dir string, args ...string) string {
	t.Helper()
	return Run(t, dir, "git", append([]string{"-c", "user.name=cidlc test", "-c", "user.email=test@cidlc.invalid",
		"-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false"}, args...)...)
}
