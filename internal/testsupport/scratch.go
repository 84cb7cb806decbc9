package testsupport

import (
	"os"
	"testing"
)

// KeepScratchEnv names the environment variable that keeps the scratch directories of a run for a look
// afterwards: CIDLC_KEEP_SCRATCH=1 go test -run TestHostile ./internal/testsupport/hostile/. The test logs
// each kept directory's path.
const KeepScratchEnv = "CIDLC_KEEP_SCRATCH"

// ScratchDir makes a new directory testdata/scratch-<random> below the working directory (the test's
// package directory) and returns its path, relative to it. Tests write IDL trees and generated Go code
// there rather than in t.TempDir() because these must be inside cidlc's module: an IDL imports package
// github.com/cidlc/cidlc/idl, and generated stubs import the provider runtime and the Pulumi SDK at the
// versions of the module's go.mod. Under testdata the go command's ./... patterns never see them.
//
// The directory is removed when the test ends, and testdata/ too if that leaves it empty (a package's own
// test data stays). A test process that is killed leaves it behind; .gitignore ignores such leftovers.
func ScratchDir(t testing.TB) string {
	t.Helper()
	if err := os.MkdirAll("testdata", 0o777); err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp("testdata", "scratch-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if os.Getenv(KeepScratchEnv) != "" {
			t.Logf("kept %s (%s is set)", dir, KeepScratchEnv)
			return
		}
		os.RemoveAll(dir)
		os.Remove("testdata") // only when empty
	})
	return dir
}
