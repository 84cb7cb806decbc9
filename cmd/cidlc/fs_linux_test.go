package main

import (
	"errors"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cidlc/cidlc/internal/testsupport"
)

// TestFullTmpfs fills a real file system — a small tmpfs — to a few pages short of full, so that cidlc's
// writes fail with ENOSPC at different points, and checks what TestFullDisk checks. Mounting takes root
// (or CAP_SYS_ADMIN): the test runs itself again in a mount namespace of its own, where the tmpfs vanishes
// with the process whatever happens, and skips where it cannot.
func TestFullTmpfs(t *testing.T) {
	if os.Getenv("CIDLC_TEST_MOUNT_NS") != "1" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestFullTmpfs$", "-test.v", "-test.count=1")
		cmd.Env = append(os.Environ(), "CIDLC_TEST_MOUNT_NS=1")
		cmd.SysProcAttr = &syscall.SysProcAttr{Unshareflags: syscall.CLONE_NEWNS}
		out, err := cmd.CombinedOutput()
		switch {
		case errors.Is(err, syscall.EPERM):
			t.Skipf("cannot make a mount namespace: %v", err)
		case err != nil:
			t.Fatalf("in a mount namespace: %v\n%s", err, out)
		case strings.Contains(string(out), "--- SKIP"):
			t.Skipf("skipped in the mount namespace:\n%s", out)
		}
		t.Logf("in a mount namespace:\n%s", out)
		return
	}

	mnt := t.TempDir()
	if err := syscall.Mount("tmpfs", mnt, "tmpfs", 0, "size=1m,mode=0755"); err != nil {
		t.Skipf("cannot mount a tmpfs: %v", err)
	}
	t.Cleanup(func() { syscall.Unmount(mnt, syscall.MNT_DETACH) })
	// The stubs need a go.mod above them for their import path.
	testsupport.WriteFile(t, filepath.Join(mnt, "go.mod"), "module example.com/full\n\ngo 1.26\n")
	flags := []string{"--out-pack=" + filepath.Join(mnt, "pack"), "--out-provider=" + filepath.Join(mnt, "provider"),
		"--out-schema=" + filepath.Join(mnt, "schema/schema.json")}
	filler := filepath.Join(mnt, "filler")
	snap := func() map[string]string {
		got := tree(t, mnt)
		delete(got, "filler")
		return got
	}

	failed := 0
	// A file takes whole pages: with 0 or 4 KiB free, a write fails (in the pack: cidlc writes it first);
	// with 8 KiB, the run fits.
	for _, free := range []int64{0, 4 << 10, 8 << 10} {
		p := newProject(t)
		for _, name := range []string{"pack", "provider", "schema", "filler"} {
			if err := os.RemoveAll(filepath.Join(mnt, name)); err != nil {
				t.Fatal(err)
			}
		}
		if r := p.cidlc(t, append([]string{"idl"}, flags...)...); r.status != 0 {
			t.Fatalf("cidlc idl: %s", r)
		}
		old := snap()
		fill(t, filler, free)
		r := p.cidlc(t, append([]string{"idl2"}, flags...)...)
		mid := snap()
		if r.status != 0 {
			failed++
			if r.status != 1 || !regexp.MustCompile(`^cidlc: \S+: cannot (write|create the directory): no space left on device\n$`).MatchString(r.stderr) {
				t.Errorf("cidlc idl2 with %d bytes free: want exit 1 and an error naming the file; %s", free, r)
			}
		}
		if err := os.Remove(filler); err != nil {
			t.Fatal(err)
		}
		if r := p.cidlc(t, append([]string{"idl2"}, flags...)...); r.status != 0 {
			t.Fatalf("cidlc idl2 with space again: %s", r)
		}
		wholeFiles(t, old, mid, snap())
		p.current(t, "idl2", flags...)
	}
	if failed < 2 {
		t.Errorf("only %d runs failed: the file system no longer fills up", failed)
	}
}

// fill writes the file name until the file system is full, then shortens it to leave free bytes.
func fill(t *testing.T, name string, free int64) {
	t.Helper()
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	buf := make([]byte, 4<<10)
	for {
		if _, err := f.Write(buf); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			break
		}
	}
	fi, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(max(0, fi.Size()-free)); err != nil {
		t.Fatal(err)
	}
}

// TestUpToDateRunWaitsForTheLock: a run whose outputs the up-to-date cache finds current still takes its
// turn: it reads the outputs to trust its stamp, and records a stamp afterwards, and neither may happen
// while another run writes them (a stamp recorded then could vouch for files that run replaced).
func TestUpToDateRunWaitsForTheLock(t *testing.T) {
	p := newProject(t)
	p.generate(t, "idl")
	for _, args := range [][]string{{"-v", "idl", "--check"}, {"-v", "idl"}} {
		args = append(args, outFlags...)
		// Another run writes the pack.
		f, err := os.Open(p.path("pack"))
		if err != nil {
			t.Fatal(err)
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
			t.Fatal(err)
		}
		pr := p.start(t, args...)
		done := make(chan error, 1)
		go func() { done <- pr.cmd.Wait() }()
		select {
		case err := <-done:
			t.Errorf("cidlc %s did not wait for the run writing its outputs: %v\n%s", strings.Join(args, " "), err, pr.stderr.String())
			done <- err
		case <-time.After(500 * time.Millisecond):
		}
		f.Close()
		if err := <-done; err != nil || !strings.Contains(pr.stderr.String(), "unchanged since the last run") {
			t.Errorf("cidlc %s: want exit 0 from the up-to-date path; %v\n%s", strings.Join(args, " "), err, pr.stderr.String())
		}
	}
}

// In a child run with CIDLC_TEST_DROP_CAPS=1, root runs cidlc without the capabilities that let it ignore
// permissions (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER): the bounding set of the main thread
// shrinks, and the process runs itself again through it. A directory of another user is then as closed
// to it as to anyone.
func init() {
	if os.Getenv("CIDLC_TEST_DROP_CAPS") != "1" {
		return
	}
	// init runs on the main thread, locked to it.
	for _, c := range []uintptr{1, 2, 3} { // CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER
		if _, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, syscall.PR_CAPBSET_DROP, c, 0); errno != 0 {
			panic("CIDLC_TEST_DROP_CAPS: " + errno.Error())
		}
	}
	env := slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, "CIDLC_TEST_DROP_CAPS=") })
	exe, err := os.Executable()
	if err == nil {
		err = syscall.Exec(exe, os.Args, env)
	}
	panic("CIDLC_TEST_DROP_CAPS: " + err.Error())
}

// TestPermissionDeniedMidRun: a directory the permission bits leave writable, but not to this user (it is
// another user's), is refused by the system only when cidlc writes there. cidlc stages every file it
// writes before it puts any in place (outdir.Stage), so the refusal stops the run before anything changed:
// exit 1 and an error naming the file, every file as it was, no temporary file or staging directory
// left; once the directory is writable the next run completes. It takes root, to hand the directory to
// another user and then run cidlc as an ordinary process would.
func TestPermissionDeniedMidRun(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root, to give a directory to another user")
	}
	p := newProject(t)
	p.generate(t, "idl")
	old := tree(t, p.dir)
	// The stubs are written after the pack.
	if err := os.Chown(p.path("provider"), 65534, 65534); err != nil {
		t.Skipf("cannot give provider/ to another user: %v", err)
	}
	t.Cleanup(func() { os.Chown(p.path("provider"), 0, 0) })
	r := p.cidlcEnv(t, []string{"CIDLC_TEST_DROP_CAPS=1"}, append([]string{"idl2"}, outFlags...)...)
	mid := tree(t, p.dir)
	if r.status != 1 || !regexp.MustCompile(`^cidlc: provider/\S+: cannot (write|remove): permission denied\n$`).MatchString(r.stderr) {
		t.Errorf("cidlc idl2 into another user's provider/: want exit 1 and an error naming the file; %s", r)
	}
	if !maps.Equal(mid, old) {
		t.Errorf("the run failed, but files changed")
	}
	filepath.WalkDir(p.dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasPrefix(d.Name(), ".cidlc-staging") {
			t.Errorf("staging left: %s", path)
		}
		return err
	})
	os.Chown(p.path("provider"), 0, 0)
	if r := p.cidlc(t, append([]string{"idl2"}, outFlags...)...); r.status != 0 {
		t.Fatalf("cidlc idl2 once provider/ is writable: %s", r)
	}
	wholeFiles(t, old, mid, tree(t, p.dir))
	p.current(t, "idl2")
}
