package outdir_test

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/gen/outdir"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/testsupport"
	"github.com/cidlc/cidlc/internal/testsupport/gentest"
)

// files is a backend that returns fixed files.
type files []*gen.File

func (files) Name() string                                { return "fixed" }
func (f files) Generate(*model.Tree) ([]*gen.File, error) { return f, nil }

func TestFailingBackendWritesNothing(t *testing.T) {
	testsupport.InTempDir(t)
	_, err := outdir.Generate(gentest.Package("aws", gentest.IDLBefore...), []outdir.Output{
		{Dir: "pack", Backend: gentest.Backend{}},
		{Dir: "provider", Backend: gentest.Failing{Err: errors.New("SecurityGroup: no template")}},
	})
	if err == nil || err.Error() != "provider: backend failing: SecurityGroup: no template" {
		t.Errorf("err = %v", err)
	}
	if testsupport.Exists("pack") || testsupport.Exists("provider") {
		t.Error("something was written")
	}
}

func TestBadPathsAreRejected(t *testing.T) {
	for _, c := range []struct{ path, err string }{
		{"../escape.ts", `contains ".."`},
		{"a/../../escape.ts", `contains ".."`},
		{"/etc/passwd", "is absolute"},
		{"", "empty path"},
		{".", "names the output directory itself"},
		{"a//b.ts", "is not clean"},
		{"./a.ts", "is not clean"},
		{"a/", "is not clean"},
		{`a\b.ts`, "backslash"},
		{"a\nb.ts", "control character"},
		{outdir.ManifestName, "the name of cidlc's manifest"},
		{"x (no header)", "marks files without header"},
	} {
		testsupport.InTempDir(t)
		backend := files{{Path: c.path, Content: []byte("x\n")}}
		_, err := outdir.Generate(nil, []outdir.Output{{Dir: "pack", Backend: backend}})
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%q: err = %v, want one that says %q", c.path, err, c.err)
		}
		// Write checks results made by hand as well.
		_, err = outdir.Write([]outdir.Result{{Dir: "pack", Backend: "fixed", Files: backend}})
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%q: Write: err = %v, want one that says %q", c.path, err, c.err)
		}
		if testsupport.Exists("pack") {
			t.Errorf("%q: something was written", c.path)
		}
	}
}

func TestFileSetClashes(t *testing.T) {
	for name, c := range map[string]struct {
		files files
		err   string
	}{
		"twice":            {files{{Path: "a.ts"}, {Path: "a.ts"}}, "a.ts: generated twice"},
		"file + directory": {files{{Path: "a"}, {Path: "a/b.ts"}}, "a: generated as a file, but a/b.ts is generated too"},
	} {
		_, err := outdir.Generate(nil, []outdir.Output{{Dir: "pack", Backend: c.files}})
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: err = %v, want %q", name, err, c.err)
		}
	}
}

func TestTwoOutputsInOneDirectory(t *testing.T) {
	testsupport.InTempDir(t)
	_, err := outdir.Generate(gentest.Package("aws", "types.go"), []outdir.Output{
		{Dir: "out", Backend: gentest.Backend{}},
		{Dir: "./out/", Backend: gentest.Backend{}},
	})
	if err == nil || !strings.HasPrefix(err.Error(), "./out/: the same output directory as out") {
		t.Errorf("err = %v", err)
	}
}

// outside makes a directory beside the working directory, with one file, for links to point to.
func outside(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	testsupport.WriteFile(t, filepath.Join(dir, "keep.txt"), "outside\n")
	return dir
}

func TestSymlinkOutOfOutputDirIsRefused(t *testing.T) {
	testsupport.InTempDir(t)
	out := outside(t)
	if err := os.MkdirAll("pack", 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(out, "pack/ec2"); err != nil {
		t.Fatal(err)
	}
	before := contents(snapshot(t, out))

	_, err := outdir.Write(gentest.Generate(t, "pack", gentest.IDLBefore...))
	if err == nil || !strings.HasPrefix(err.Error(), "pack/ec2: is a symbolic link out of the output directory") {
		t.Errorf("err = %v", err)
	}
	if _, err := outdir.Check(gentest.Generate(t, "pack", gentest.IDLBefore...), new(strings.Builder)); err == nil {
		t.Error("Check: no error")
	}
	if after := contents(snapshot(t, out)); !maps.Equal(after, before) {
		t.Errorf("wrote outside: %v", sortedKeys(after))
	}
	if testsupport.Exists("pack/" + outdir.ManifestName) {
		t.Error("wrote inside despite the error")
	}
}

func TestSymlinkInsideOutputDirIsFollowed(t *testing.T) {
	testsupport.InTempDir(t)
	if err := os.MkdirAll("pack/shared", 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("shared", "pack/ec2"); err != nil {
		t.Fatal(err)
	}
	gentest.Write(t, gentest.Generate(t, "pack", gentest.IDLBefore...))
	if !testsupport.Exists("pack/shared/instance.txt") {
		t.Error("pack/ec2/instance.txt not written through the link")
	}
}

func TestSymlinkAtFilePathIsRefused(t *testing.T) {
	testsupport.InTempDir(t)
	out := outside(t)
	if err := os.MkdirAll("pack", 0o777); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(out, "keep.txt")
	testsupport.WriteFile(t, target, gen.Header+"\nlooks generated\n")
	if err := os.Symlink(target, "pack/types.txt"); err != nil {
		t.Fatal(err)
	}
	_, err := outdir.Write(gentest.Generate(t, "pack", gentest.IDLBefore...))
	if err == nil || !strings.HasPrefix(err.Error(), "pack/types.txt: is a symbolic link") {
		t.Errorf("err = %v", err)
	}
	if got := testsupport.ReadFile(t, target); got != gen.Header+"\nlooks generated\n" {
		t.Errorf("wrote through the link: %q", got)
	}
}

func TestTamperedManifestIsRefused(t *testing.T) {
	dir := testsupport.InTempDir(t)
	out := outside(t)
	gentest.Write(t, gentest.Generate(t, "pack", gentest.IDLBefore...))
	rel, err := filepath.Rel(filepath.Join(dir, "pack"), filepath.Join(out, "keep.txt"))
	if err != nil {
		t.Fatal(err)
	}
	m := testsupport.ReadFile(t, "pack/"+outdir.ManifestName)
	testsupport.WriteFile(t, "pack/"+outdir.ManifestName, m+filepath.ToSlash(rel)+" (no header)\n")

	_, err = outdir.Write(gentest.Generate(t, "pack"))
	if err == nil || !strings.HasPrefix(err.Error(), "pack/"+outdir.ManifestName+": line 12: ") {
		t.Errorf("err = %v", err)
	}
	if !testsupport.Exists(filepath.Join(out, "keep.txt")) || !testsupport.Exists("pack/types.txt") {
		t.Error("removed files despite the error")
	}
}

func TestOutputDirIsAFile(t *testing.T) {
	testsupport.InTempDir(t)
	testsupport.WriteFile(t, "pack", "a file\n")
	_, err := outdir.Write(gentest.Generate(t, "pack", "types.go"))
	if err == nil || err.Error() != "pack: is not a directory" {
		t.Errorf("err = %v", err)
	}
}

func TestFileWhereDirectoryIsGenerated(t *testing.T) {
	testsupport.InTempDir(t)
	testsupport.WriteFile(t, "pack/ec2", "a file\n")
	_, err := outdir.Write(gentest.Generate(t, "pack", gentest.IDLBefore...))
	if err == nil || err.Error() != "pack/ec2: is a file where a directory is generated" {
		t.Errorf("err = %v", err)
	}
}
