package outdir_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/gen/outdir"
	"github.com/cidlc/cidlc/internal/testsupport"
	"github.com/cidlc/cidlc/internal/testsupport/gentest"
)

func TestWriteTwiceWritesNothing(t *testing.T) {
	testsupport.InTempDir(t)
	results := gentest.Generate(t, "pack", gentest.IDLBefore...)
	first := gentest.Write(t, results)
	want := expected(t, results)
	if len(first.Written) != len(want) || len(first.Unchanged) != 0 || len(first.Removed) != 0 {
		t.Errorf("first write: %v, want %d written", first, len(want))
	}
	sameFiles(t, contents(snapshot(t, ".")), want)

	age(t, "pack")
	before := snapshot(t, "pack")
	second := gentest.Write(t, gentest.Generate(t, "pack", gentest.IDLBefore...))
	if got := second.String(); got != "0 written, 9 unchanged, 0 removed" {
		t.Errorf("second write: %s", got)
	}
	after := snapshot(t, "pack")
	for p, f := range before {
		if !after[p].mtime.Equal(f.mtime) {
			t.Errorf("%s: rewritten (mtime %v, was %v)", p, after[p].mtime, f.mtime)
		}
	}
	if r, diff := check(t, results); r.Stale() || diff != "" {
		t.Errorf("check after write: %v\n%s", r, diff)
	}
}

func TestWriteRewritesOnlyChangedFiles(t *testing.T) {
	testsupport.InTempDir(t)
	gentest.Write(t, gentest.Generate(t, "pack", gentest.IDLBefore...))
	age(t, "pack")
	before := snapshot(t, "pack")
	testsupport.WriteFile(t, "pack/ec2/instance.txt", gen.Header+"\nedited by hand\n")

	r := gentest.Write(t, gentest.Generate(t, "pack", gentest.IDLBefore...))
	if !slices.Equal(r.Written, []string{"pack/ec2/instance.txt"}) {
		t.Errorf("written %v, want only pack/ec2/instance.txt", r.Written)
	}
	after := snapshot(t, "pack")
	if after["ec2/instance.txt"].content != before["ec2/instance.txt"].content {
		t.Errorf("edited file not restored: %q", after["ec2/instance.txt"].content)
	}
	if !after["ec2/securityGroup.txt"].mtime.Equal(before["ec2/securityGroup.txt"].mtime) {
		t.Errorf("an unchanged file was rewritten")
	}
}

func TestWriteRemovesStaleFilesAndEmptiedDirs(t *testing.T) {
	testsupport.InTempDir(t)
	gentest.Write(t, gentest.Generate(t, "pack", gentest.IDLBefore...))
	results := gentest.Generate(t, "pack", gentest.IDLAfter...)

	r, diff := check(t, results)
	wantRemoved := []string{"pack/iam/module.json", "pack/iam/role.txt", "pack/iam/user.txt"}
	if !slices.Equal(r.Removed, wantRemoved) {
		t.Errorf("check: to remove %v, want %v", r.Removed, wantRemoved)
	}
	if !strings.Contains(diff, "--- a/pack/iam/role.txt\n+++ /dev/null\n@@ -1,4 +0,0 @@\n") {
		t.Errorf("check does not show pack/iam/role.txt as stale:\n%s", diff)
	}
	if !testsupport.Exists("pack/iam/role.txt") {
		t.Fatal("check removed a file")
	}

	r = gentest.Write(t, results)
	if !slices.Equal(r.Removed, wantRemoved) {
		t.Errorf("write: removed %v, want %v", r.Removed, wantRemoved)
	}
	if testsupport.Exists("pack/iam") {
		t.Error("pack/iam: emptied, but not removed")
	}
	sameFiles(t, contents(snapshot(t, ".")), expected(t, results))
}

func TestWriteKeepsOutputDirWhenEverythingGoes(t *testing.T) {
	testsupport.InTempDir(t)
	gentest.Write(t, gentest.Generate(t, "pack", gentest.IDLBefore...))
	r := gentest.Write(t, gentest.Generate(t, "pack"))
	if len(r.Removed) != 8 {
		t.Errorf("removed %v, want all 8 generated files", r.Removed)
	}
	got := snapshot(t, "pack")
	if _, ok := got[outdir.ManifestName]; len(got) != 1 || !ok {
		t.Errorf("pack holds %v, want the manifest alone", sortedKeys(got))
	}
}

func TestWriteCreatesOutputDir(t *testing.T) {
	testsupport.InTempDir(t)
	results := gentest.Generate(t, "out/deep/pack", gentest.IDLBefore...)
	gentest.Write(t, results)
	sameFiles(t, contents(snapshot(t, ".")), expected(t, results))
}

func TestWriteOutputDirOutsideWorkingDir(t *testing.T) {
	dir := testsupport.InTempDir(t)
	if err := os.Mkdir("project", 0o777); err != nil {
		t.Fatal(err)
	}
	t.Chdir("project")
	r := gentest.Write(t, gentest.Generate(t, dir+"/pack", "types.go"))
	if !slices.Contains(r.Written, "../pack/types.txt") {
		t.Errorf("written %v, want paths relative to the working directory", r.Written)
	}
}
