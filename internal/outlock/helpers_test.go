package outlock_test

import (
	"os"
	"testing"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/internal/testsupport/gentest"
)

// The helpers below are gen's (gen/helpers_test.go), as the lock's tests used them there.

// The IDL trees of the tests: before and after a change that edits nothing but removes iam/ and adds s3/.
var (
	idlBefore = []string{"types.go", "ec2/instance.go", "ec2/securityGroup.go", "iam/role.go", "iam/user.go"}
	idlAfter  = []string{"types.go", "ec2/instance.go", "ec2/securityGroup.go", "s3/bucket.go"}
)

// inTempDir makes a new empty directory the working directory for the rest of the test, as the CLI
// would run in a project.
func inTempDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Chdir(dir)
	return dir
}

// generate runs the test backend on the IDL paths, for the output directory dir.
func generate(t testing.TB, dir string, paths ...string) []gen.Result {
	t.Helper()
	results, err := gen.Generate(gentest.Package("aws", paths...), []gen.Output{{Dir: dir, Backend: gentest.Backend{}}})
	if err != nil {
		t.Fatal(err)
	}
	return results
}

func mustWrite(t testing.TB, results []gen.Result) gen.Report {
	t.Helper()
	r, err := gen.Write(results)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func exists(name string) bool {
	_, err := os.Lstat(name)
	return err == nil
}
