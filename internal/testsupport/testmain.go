package testsupport

import (
	"fmt"
	"os"
	"testing"
)

// cacheEnv is the environment variable that moves cidlc's up-to-date cache (see the cache's package doc).
const cacheEnv = "CIDLC_CACHE"

// RunWithPrivateCache is the TestMain of a package whose tests run cidlc: it runs the tests with cidlc's
// up-to-date cache in a new temporary directory, so that the stamps of the tests' runs never land in, or
// come from, the user's cache, removes it, and exits with the tests' status.
//
//	func TestMain(m *testing.M) { testsupport.RunWithPrivateCache(m) }
func RunWithPrivateCache(m *testing.M) {
	dir, err := os.MkdirTemp("", "cidlc-test-cache-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "testsupport:", err)
		os.Exit(1)
	}
	os.Setenv(cacheEnv, dir)
	status := m.Run()
	os.RemoveAll(dir)
	os.Exit(status)
}
