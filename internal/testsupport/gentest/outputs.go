package gentest

import (
	"github.com/cidlc/cidlc/gen/outdir"
	"testing"
)

// IDLBefore and IDLAfter are the IDL files of a tree before and after a change that edits nothing but
// removes iam/ and adds s3/: what the tests of writing, checking, the up-to-date cache and the lock
// generate from.
var (
	IDLBefore = []string{"types.go", "ec2/instance.go", "ec2/securityGroup.go", "iam/role.go", "iam/user.go"}
	IDLAfter  = []string{"types.go", "ec2/instance.go", "ec2/securityGroup.go", "s3/bucket.go"}
)

// Generate runs Backend on a tree of the IDL files paths, for the output directory dir; it fails the
// test on an error.
func Generate(t testing.TB, dir string, paths ...string) []outdir.Result {
	t.Helper()
	results, err := outdir.Generate(Package("aws", paths...), []outdir.Output{{Dir: dir, Backend: Backend{}}})
	if err != nil {
		t.Fatal(err)
	}
	return results
}

// Write is outdir.Write; it fails the test on an error.
func Write(t testing.TB, results []outdir.Result) outdir.Report {
	t.Helper()
	r, err := outdir.Write(results)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
