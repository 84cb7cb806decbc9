package outdir_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/gen/outdir"
	"github.com/cidlc/cidlc/internal/testsupport"
	"github.com/cidlc/cidlc/internal/testsupport/gentest"
)

// faultyDisk is the real file system, except that its failAt-th operation fails (never, if failAt is 0).
// A failed write writes half its bytes first, as a full disk does.
type faultyDisk struct {
	failAt int
	cwd    string   // for shorter paths in ops
	ops    []string // every operation tried, for messages
}

func (d *faultyDisk) fail(op, name string) error {
	if rel, err := filepath.Rel(d.cwd, name); err == nil {
		name = filepath.ToSlash(rel)
	}
	d.ops = append(d.ops, op+" "+name)
	if len(d.ops) == d.failAt {
		return &fs.PathError{Op: op, Path: name, Err: fmt.Errorf("injected fault")}
	}
	return nil
}

func (d *faultyDisk) MkdirAll(dir string) error {
	if err := d.fail("mkdir", dir); err != nil {
		return err
	}
	return outdir.OSDisk.MkdirAll(dir)
}

func (d *faultyDisk) CreateTemp(dir, base string) (outdir.TempFile, error) {
	if err := d.fail("create", filepath.Join(dir, base)); err != nil {
		return nil, err
	}
	f, err := outdir.OSDisk.CreateTemp(dir, base)
	if err != nil {
		return nil, err
	}
	return &faultyFile{f, d}, nil
}

func (d *faultyDisk) Create(name string) (outdir.TempFile, error) {
	if err := d.fail("create", name); err != nil {
		return nil, err
	}
	f, err := outdir.OSDisk.Create(name)
	if err != nil {
		return nil, err
	}
	return &faultyFile{f, d}, nil
}

func (d *faultyDisk) Rename(from, to string) error {
	if err := d.fail("rename", to); err != nil {
		return err
	}
	return outdir.OSDisk.Rename(from, to)
}

func (d *faultyDisk) Remove(name string) error {
	op := "remove"
	if fi, err := os.Lstat(name); err == nil && fi.IsDir() {
		op = "rmdir"
	}
	if err := d.fail(op, name); err != nil {
		return err
	}
	return outdir.OSDisk.Remove(name)
}

type faultyFile struct {
	outdir.TempFile
	d *faultyDisk
}

func (f *faultyFile) Write(p []byte) (int, error) {
	if err := f.d.fail("write", f.Name()); err != nil {
		n, _ := f.TempFile.Write(p[:len(p)/2])
		return n, err
	}
	return f.TempFile.Write(p)
}

func (f *faultyFile) Close() error {
	err := f.d.fail("close", f.Name())
	if cerr := f.TempFile.Close(); err == nil {
		err = cerr
	}
	return err
}

// TestInterruptedWriteLeavesWholeFiles fails each file system operation of a Write in turn — one that
// creates, rewrites and removes files and directories — and checks that every file is then whole (old
// or new content), that no temporary file is left, that hand-written files are untouched, and that the
// next Write finishes the job.
func TestInterruptedWriteLeavesWholeFiles(t *testing.T) {
	interruptWrites(t, func(dir string) {
		gentest.Write(t, gentest.Generate(t, dir, gentest.IDLBefore...))
		testsupport.WriteFile(t, filepath.Join(dir, "ec2/instance.go"), "hand-written\n")
	})
}

// TestInterruptedFreshWrite is the same for the Write of an output directory that does not exist yet,
// whose directories are staged whole and renamed into place at once.
func TestInterruptedFreshWrite(t *testing.T) {
	interruptWrites(t, nil)
}

// interruptWrites fails each operation of a Write of IDLAfter, with a changed file or two, in turn, over
// what setUp makes of the output directory (nothing, when nil).
func interruptWrites(t *testing.T, setUp func(dir string)) {
	cwd := testsupport.InTempDir(t)
	// The new tree: iam/ goes, s3/ comes, and two files change.
	newResults := func(dir string) []outdir.Result {
		results := gentest.Generate(t, dir, gentest.IDLAfter...)
		for _, f := range results[0].Files {
			if f.Path == "types.txt" || f.Path == "ec2/securityGroup.txt" {
				f.Content = append(f.Content, "changed\n"...)
			}
		}
		return results
	}
	if setUp == nil {
		setUp = func(string) {}
	}

	setUp("counted")
	counter := &faultyDisk{cwd: cwd}
	if _, err := outdir.WriteTo(newResults("counted"), counter); err != nil {
		t.Fatal(err)
	}
	want := contents(snapshot(t, "counted"))
	t.Logf("%d operations: %s", len(counter.ops), strings.Join(counter.ops, ", "))

	for n := 1; n <= len(counter.ops); n++ {
		dir := fmt.Sprintf("run%d", n)
		setUp(dir)
		old := contents(snapshot(t, dir))
		d := &faultyDisk{failAt: n, cwd: cwd}
		_, err := outdir.WriteTo(newResults(dir), d)
		failed := d.ops[n-1]
		// Only the removal of a directory may fail quietly: a directory that cannot go stays.
		if err == nil && !strings.HasPrefix(failed, "rmdir ") {
			t.Errorf("%s failed, but Write reported no error", failed)
		}
		got := contents(snapshot(t, dir))
		for p, content := range got {
			if strings.HasSuffix(p, ".tmp") || strings.Contains(p, ".cidlc-staging.") {
				t.Errorf("after a failed %s: temporary file %s left", failed, p)
			} else if content != old[p] && content != want[p] {
				t.Errorf("after a failed %s: %s is neither old nor new:\n%s", failed, p, content)
			}
		}
		// The staging directory goes, unless removing it, or what it holds, is what failed.
		if left, _ := filepath.Glob(filepath.Join(dir, ".cidlc-staging.*")); len(left) > 0 && !strings.Contains(failed, ".cidlc-staging.") {
			t.Errorf("after a failed %s: staging directory %s left", failed, left[0])
		}
		if h, ok := old["ec2/instance.go"]; ok && got["ec2/instance.go"] != h {
			t.Errorf("after a failed %s: the hand-written file changed", failed)
		}
		if _, err := outdir.Write(newResults(dir)); err != nil {
			t.Errorf("after a failed %s: the next Write: %v", failed, err)
		}
		sameFiles(t, contents(snapshot(t, dir)), want)
	}
}
