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

// GoOffline turns the go command offline for the rest of the test, as for a module that cidlc init
// made from the checkout at dir: no proxy, no workspace, no flags of the caller's. The module cache
// must hold what such a module needs, and the sums come from the checkout's go.sum: GoOffline first
// fills the cache by running `go mod tidy -diff` in dir, with the environment's proxy. Since Go 1.21 go
// mod tidy records the go.mod sums of what the tests of its dependencies' packages import, so it looks
// up modules that no build of cidlc downloads; on a new machine, whose cache holds only what the build
// took, an offline go mod tidy in the new module fails on them. The same tidy of cidlc's own module
// looks up the same modules (the new module's are a subset), and -diff changes no file: it fails the
// test, showing the difference, only if cidlc's go.mod or go.sum is not tidy.
func GoOffline(t testing.TB, dir string) {
	t.Helper()
	Run(t, dir, "go", "mod", "tidy", "-diff")
	for name, value := range map[string]string{"GOPROXY": "off", "GOFLAGS": "", "GOWORK": "off"} {
		t.Setenv(name, value)
	}
}
