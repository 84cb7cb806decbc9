//go:build unix

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cidlc/cidlc/internal/testsupport"
)

// The tests of this file run cidlc as a user does, on a project whose output directories hold what file
// systems hold in real life — symbolic links, special files, read-only files, a full disk, a second cidlc
// running at the same time — and check that it never writes or deletes outside its own files, never
// leaves a file half-written, never hangs, and says what is wrong, naming the path. What the gen package
// already proves on its own (paths a backend returns, files in the way, faults of every single operation)
// is not repeated here; see gen/safety_test.go and gen/fault_test.go. The rules are in docs/ownership.md.

// The second version of the scratch IDL (see scratch): Cart's doc changes, Order goes, iam/Role comes, so
// that a run of one version over the other rewrites, removes and creates files and directories.
const (
	scratchCartV2 = `// Package shop is a tiny IDL, second version.
package shop

import "github.com/cidlc/cidlc/idl"

// A Cart holds items, and more.
type Cart struct {
	idl.NamedResource
	// What is in it.
	Items []string
}
`
	scratchRoleV2 = `package iam

import "github.com/cidlc/cidlc/idl"

// A Role is assumed.
type Role struct {
	idl.Resource
	// The policy document.
	Policy string
}
`
)

// In a child run with CIDLC_TEST_FSIZE=N, the system refuses to let cidlc write a file past N bytes
// (RLIMIT_FSIZE): a disk that fills up, for one process. Go ignores the SIGXFSZ that comes with it, so the
// write fails with EFBIG.
func init() {
	if v := os.Getenv("CIDLC_TEST_FSIZE"); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		var lim syscall.Rlimit
		if err == nil {
			err = syscall.Getrlimit(syscall.RLIMIT_FSIZE, &lim)
		}
		lim.Cur = n
		if err == nil {
			err = syscall.Setrlimit(syscall.RLIMIT_FSIZE, &lim)
		}
		if err != nil {
			panic("CIDLC_TEST_FSIZE: " + err.Error())
		}
	}
}

// project is a scratch project, where cidlc runs: idl/ (version 1: cart.go and order.go) and idl2/
// (version 2).
type project struct {
	dir string
}

// outFlags are the output flags of every run in these tests unless a test says otherwise.
var outFlags = []string{"--out-pack=pack", "--out-provider=provider", "--out-schema=schema/schema.json"}

func newProject(t *testing.T) project {
	t.Helper()
	dir := scratch(t)
	testsupport.WriteFile(t, filepath.Join(dir, "idl2/cart.go"), scratchCartV2)
	testsupport.WriteFile(t, filepath.Join(dir, "idl2/iam/role.go"), scratchRoleV2)
	return project{dir: dir}
}

// path returns the path of rel, a slash path relative to the project.
func (p project) path(rel string) string { return filepath.Join(p.dir, filepath.FromSlash(rel)) }

// run is one run of cidlc.
type run struct {
	stdout, stderr string
	status         int
}

func (r run) String() string {
	return fmt.Sprintf("exit %d\nstdout:\n%s\nstderr:\n%s", r.status, r.stdout, r.stderr)
}

// childTimeout bounds every run: a cidlc that blocks (on a FIFO, say) fails the test instead of hanging it.
const childTimeout = 2 * time.Minute

// cidlcEnv runs cidlc in the project with args, and with env added to its environment.
func (p project) cidlcEnv(t *testing.T, env []string, args ...string) run {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), childTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], args...)
	cmd.Dir = p.dir
	cmd.Env = append(append(os.Environ(), "CIDLC_TEST_AS_CIDLC=1"), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	r := run{stdout: out.String(), stderr: errb.String()}
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		t.Fatalf("cidlc %s: still running after %s (blocked?)\n%s", strings.Join(args, " "), time.Since(start).Round(time.Second), r)
	case errors.As(err, &exit):
		r.status = exit.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return r
}

// proc is a cidlc running in the background.
type proc struct {
	cmd    *exec.Cmd
	stdout bytes.Buffer
	stderr bytes.Buffer
}

// start starts cidlc in the project with args; its Wait is the caller's.
func (p project) start(t *testing.T, args ...string) *proc {
	t.Helper()
	pr := &proc{cmd: exec.Command(os.Args[0], args...)}
	pr.cmd.Dir = p.dir
	pr.cmd.Env = append(os.Environ(), "CIDLC_TEST_AS_CIDLC=1")
	pr.cmd.Stdout, pr.cmd.Stderr = &pr.stdout, &pr.stderr
	if err := pr.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return pr
}

// cidlc runs cidlc in the project with args.
func (p project) cidlc(t *testing.T, args ...string) run {
	t.Helper()
	return p.cidlcEnv(t, nil, args...)
}

// generate runs cidlc on idl with outFlags and fails the test unless it succeeds.
func (p project) generate(t *testing.T, idl string) {
	t.Helper()
	if r := p.cidlc(t, append([]string{idl}, outFlags...)...); r.status != 0 {
		t.Fatalf("cidlc %s: %s", idl, r)
	}
}

// current fails the test unless --check finds the outputs current for idl.
func (p project) current(t *testing.T, idl string, flags ...string) {
	t.Helper()
	if len(flags) == 0 {
		flags = outFlags
	}
	if r := p.cidlc(t, append([]string{idl, "--check"}, flags...)...); r.status != 0 {
		t.Errorf("cidlc %s --check: %s", idl, r)
	}
}

// refused runs cidlc, then cidlc --check, with args, and fails the test unless both exit 1 with wantErr
// on standard error, --check prints no diff, and neither changes anything in the project or in the
// directories of also.
func (p project) refused(t *testing.T, wantErr string, args []string, also ...string) {
	t.Helper()
	dirs := append([]string{p.dir}, also...)
	before := trees(t, dirs...)
	for _, check := range []bool{false, true} {
		args := args
		if check {
			args = append(slices.Clip(args), "--check")
		}
		r := p.cidlc(t, args...)
		if r.status != 1 || !strings.Contains(r.stderr, wantErr) || r.stdout != "" {
			t.Errorf("cidlc %s: want exit 1, no output and an error saying %q; got %s", strings.Join(args, " "), wantErr, r)
		}
		if after := trees(t, dirs...); !maps.Equal(after, before) {
			t.Errorf("cidlc %s changed files although it failed:\n%s", strings.Join(args, " "), treeDiff(before, after))
		}
	}
}

// tree returns what is below dir (dir included), by path relative to dir: a regular file's content, a
// link's target, "dir" for a directory, the type of anything else. Links are not followed.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	got := make(map[string]string)
	err := filepath.WalkDir(dir, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, name)
		rel = filepath.ToSlash(rel)
		switch d.Type() {
		case 0:
			b, err := os.ReadFile(name)
			if err != nil {
				return err
			}
			got[rel] = string(b)
		case fs.ModeDir:
			got[rel] = "dir"
		case fs.ModeSymlink:
			target, err := os.Readlink(name)
			if err != nil {
				return err
			}
			got[rel] = "symlink to " + target
		default:
			got[rel] = d.Type().String()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// trees is tree of several directories, their paths prefixed with the directory's.
func trees(t *testing.T, dirs ...string) map[string]string {
	t.Helper()
	all := make(map[string]string)
	for _, dir := range dirs {
		for rel, v := range tree(t, dir) {
			all[filepath.ToSlash(filepath.Join(dir, rel))] = v
		}
	}
	return all
}

// treeDiff lists the paths whose entries differ.
func treeDiff(before, after map[string]string) string {
	var b strings.Builder
	for _, p := range slices.Sorted(maps.Keys(before)) {
		if a, ok := after[p]; !ok {
			fmt.Fprintf(&b, "  gone:    %s\n", p)
		} else if a != before[p] {
			fmt.Fprintf(&b, "  changed: %s\n", p)
		}
	}
	for _, p := range slices.Sorted(maps.Keys(after)) {
		if _, ok := before[p]; !ok {
			fmt.Fprintf(&b, "  new:     %s\n", p)
		}
	}
	return b.String()
}

// outsideDir makes a directory outside the project holding one file that looks generated, for links to
// point to; cidlc must never change it.
func outsideDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	testsupport.WriteFile(t, filepath.Join(dir, "role.ts"), "// Code generated by cidlc. DO NOT EDIT.\n// not yours to touch\n")
	return dir
}

// symlink makes name a link to target, replacing a file at name.
func symlink(t *testing.T, target, name string) {
	t.Helper()
	if err := os.Remove(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, name); err != nil {
		t.Fatal(err)
	}
}

// TestSymlinkOutOfOutputDir: a link inside an output directory that leads out of it — to a directory or
// to a file — or nowhere is never written through, by cidlc or cidlc --check: an error names it, and nothing at all
// is written, inside or out.
func TestSymlinkOutOfOutputDir(t *testing.T) {
	for _, c := range []struct {
		name, link, target, err string
	}{
		{"directory", "pack/iam", ".", "pack/iam: is a symbolic link out of the output directory; cidlc does not write through it"},
		{"file", "pack/iam/role.ts", "role.ts", "pack/iam/role.ts: is a symbolic link; cidlc neither writes through nor replaces it"},
		{"stub file", "provider/cart_stub.go", "role.ts", "provider/cart_stub.go: is a symbolic link; cidlc neither writes through nor replaces it"},
		{"dangling directory", "provider/iam", "nowhere", "provider/iam: is a symbolic link that leads nowhere"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := newProject(t)
			p.generate(t, "idl")
			out := outsideDir(t)
			symlink(t, filepath.Join(out, c.target), p.path(c.link))
			p.refused(t, c.err, append([]string{"idl2"}, outFlags...), out)
		})
	}
}

// TestSymlinkIsNeverDeletedThrough: files cidlc generated once, whose directory or whose own path is now a
// link out of the output directory, are not deleted when the IDL no longer generates them: neither the link
// nor what it leads to. The run succeeds; the links are the user's.
func TestSymlinkIsNeverDeletedThrough(t *testing.T) {
	p := newProject(t)
	p.generate(t, "idl2") // pack/iam/ and provider/iam/, with their files
	// The user moves generated files out and links to them: a directory and a file.
	out := t.TempDir()
	for _, rel := range []string{"pack/iam", "provider/iam/role_stub.go"} {
		dest := filepath.Join(out, filepath.Base(rel))
		if err := os.Rename(p.path(rel), dest); err != nil {
			t.Fatal(err)
		}
		symlink(t, dest, p.path(rel))
	}
	before := tree(t, out)

	// Version 1 generates nothing in iam/.
	if r := p.cidlc(t, append([]string{"idl"}, outFlags...)...); r.status != 0 {
		t.Fatalf("cidlc idl: %s", r)
	}
	if after := tree(t, out); !maps.Equal(after, before) {
		t.Errorf("files deleted or changed through a link:\n%s", treeDiff(before, after))
	}
	for _, rel := range []string{"pack/iam", "provider/iam/role_stub.go"} {
		if fi, err := os.Lstat(p.path(rel)); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			t.Errorf("%s: not left in place as a link (%v)", rel, err)
		}
	}
	p.current(t, "idl")
}

// TestOutputDirIsASymlink: the output directory the user names may itself be a link, wherever it leads:
// that choice is the user's, made on the command line. cidlc writes into the directory it leads to and
// leaves the link a link. The schema file named by --out-schema, though, is a path inside its directory,
// and a link there is refused like any other: cidlc would have to write through it or replace it.
func TestOutputDirIsASymlink(t *testing.T) {
	t.Run("output directory", func(t *testing.T) {
		p := newProject(t)
		elsewhere := t.TempDir()
		symlink(t, elsewhere, p.path("pack"))
		flags := []string{"--out-pack=pack", "--out-schema=pack/schema.json"}
		if r := p.cidlc(t, append([]string{"idl"}, flags...)...); r.status != 0 {
			t.Fatalf("cidlc: %s", r)
		}
		if got := tree(t, p.dir)["pack"]; got != "symlink to "+elsewhere {
			t.Errorf("pack: %q, want the link left in place", got)
		}
		got := tree(t, elsewhere)
		if !strings.HasPrefix(got["cart.ts"], "// Code generated by cidlc.") || got["schema.json"] == "" {
			t.Errorf("not written where pack leads: %v", slices.Sorted(maps.Keys(got)))
		}
		p.current(t, "idl", flags...)
		// Version 2 rewrites and removes there too.
		if r := p.cidlc(t, append([]string{"idl2"}, flags...)...); r.status != 0 {
			t.Fatalf("cidlc idl2: %s", r)
		}
		if _, ok := tree(t, elsewhere)["order.ts"]; ok {
			t.Error("order.ts not removed through the output directory's link")
		}
		p.current(t, "idl2", flags...)
	})
	t.Run("schema file", func(t *testing.T) {
		p := newProject(t)
		elsewhere := outsideDir(t)
		symlink(t, filepath.Join(elsewhere, "role.ts"), p.path("schema/schema.json"))
		p.refused(t, "schema/schema.json: is a symbolic link; cidlc neither writes through nor replaces it",
			append([]string{"idl"}, outFlags...), elsewhere)
	})
}

// special makes a special file of the given kind at name, or skips the test if this system cannot.
func special(t *testing.T, kind, name string) {
	t.Helper()
	if err := os.Remove(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	var err error
	switch kind {
	case "directory":
		err = os.MkdirAll(filepath.Join(name, "inside"), 0o755)
	case "FIFO":
		err = syscall.Mkfifo(name, 0o644)
	case "socket":
		var fd int
		if fd, err = syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM, 0); err == nil {
			err = syscall.Bind(fd, &syscall.SockaddrUnix{Name: name})
			syscall.Close(fd)
		}
	case "device":
		// A character device like /dev/null (1, 3). Only root may make one.
		if err := syscall.Mknod(name, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
			t.Skipf("cannot make a device file here: %v", err)
		}
	case "dangling link":
		err = os.Symlink("nowhere", name)
	default:
		t.Fatalf("unknown kind %s", kind)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// specialKinds are the kinds of special for the tests below, with how cidlc's error describes each.
var specialKinds = []struct{ kind, err string }{
	{"directory", "is a directory where cidlc generates a file"},
	{"FIFO", "is a named pipe (FIFO), not a regular file"},
	{"socket", "is a socket, not a regular file"},
	{"device", "is a device, not a regular file"},
	{"dangling link", "is a symbolic link; cidlc neither writes through nor replaces it"},
}

// TestSpecialFileAtGeneratedPath: a directory, FIFO, socket, device or dangling link where cidlc generates
// a file (or its manifest) is an error naming it, and nothing is written. Nothing blocks: opening a FIFO
// to read it waits for a writer, and cidlc must not.
func TestSpecialFileAtGeneratedPath(t *testing.T) {
	for _, c := range specialKinds {
		for _, rel := range []string{"pack/cart.ts", "provider/.cidlc-owned"} {
			// The same IDL again takes the up-to-date cache's path first: it must not block either.
			for _, idl := range []string{"idl2", "idl"} {
				t.Run(c.kind+" at "+rel+" then "+idl, func(t *testing.T) {
					p := newProject(t)
					p.generate(t, "idl")
					special(t, c.kind, p.path(rel))
					p.refused(t, rel+": "+c.err, append([]string{idl}, outFlags...))
				})
			}
		}
	}
}

// TestSpecialFileAtRemovedPath: a special file at a path the manifest lists, which the IDL no longer
// generates, is not cidlc's: it is left alone, the run does not block, and it succeeds.
func TestSpecialFileAtRemovedPath(t *testing.T) {
	for _, c := range specialKinds {
		t.Run(c.kind, func(t *testing.T) {
			p := newProject(t)
			p.generate(t, "idl")
			special(t, c.kind, p.path("pack/order.ts"))
			before := tree(t, p.path("pack/order.ts"))
			if r := p.cidlc(t, append([]string{"idl2"}, outFlags...)...); r.status != 0 {
				t.Fatalf("cidlc idl2: %s", r)
			}
			if after := tree(t, p.path("pack/order.ts")); !maps.Equal(after, before) {
				t.Errorf("pack/order.ts changed:\n%s", treeDiff(before, after))
			}
			p.current(t, "idl2")
		})
	}
}

// TestDanglingSymlinkAsOutputDir: an output directory that is a link to nothing, or lies below one, is an
// error naming the link, before anything is written (here the pack, written first, would be new).
func TestDanglingSymlinkAsOutputDir(t *testing.T) {
	for _, c := range []struct{ provider, link, err string }{
		{"provider", "provider", "provider: is a symbolic link that leads nowhere"},
		{"gone/provider", "gone", "gone/provider: cannot be created: gone is a symbolic link that leads nowhere"},
	} {
		t.Run(c.provider, func(t *testing.T) {
			p := newProject(t)
			symlink(t, "nowhere", p.path(c.link))
			p.refused(t, c.err, []string{"idl", "--out-pack=pack", "--out-provider=" + c.provider})
		})
	}
}

// TestOutputsInOneDirectory: two output flags naming one directory, under one name or through a link, are
// an error before anything is written: each directory has one manifest, and two outputs sharing it would
// delete each other's files, run after run. The schema file is the exception: it joins the output whose
// directory it is named into, under one manifest.
func TestOutputsInOneDirectory(t *testing.T) {
	t.Run("one name", func(t *testing.T) {
		p := newProject(t)
		p.refused(t, "./out/: the same output directory as out; give each output its own", []string{"idl", "--out-pack=out", "--out-provider=./out/"})
	})
	t.Run("through a link", func(t *testing.T) {
		p := newProject(t)
		if r := p.cidlc(t, "idl", "--out-pack=out"); r.status != 0 {
			t.Fatalf("cidlc: %s", r)
		}
		symlink(t, "out", p.path("link"))
		p.refused(t, "link: the same output directory as out, through a symbolic link; give each output its own",
			[]string{"idl", "--out-pack=out", "--out-provider=link"})
	})
	t.Run("schema joins the pack", func(t *testing.T) {
		p := newProject(t)
		flags := []string{"--out-pack=out", "--out-schema=./out/schema.json"}
		if r := p.cidlc(t, append([]string{"idl"}, flags...)...); r.status != 0 {
			t.Fatalf("cidlc: %s", r)
		}
		manifest := tree(t, p.path("out"))[".cidlc-owned"]
		for _, want := range []string{"\ncart.ts\n", "\nschema.json (no header)\n"} {
			if !strings.Contains(manifest, want) {
				t.Errorf("out/.cidlc-owned does not list %q:\n%s", want, manifest)
			}
		}
		p.current(t, "idl", flags...)
		if r := p.cidlc(t, append([]string{"idl2"}, flags...)...); r.status != 0 {
			t.Fatalf("cidlc idl2: %s", r)
		}
		p.current(t, "idl2", flags...)
	})
}

// TestOutputInsideIDL: Go stubs generated where the IDL is loaded from would be loaded as IDL by the next
// run, which would then fail on every function they declare; cidlc refuses them at once, whether the
// output directory is inside the IDL directory, is it, or holds it. Anything else may live there, and the
// IDL may live inside an output directory as long as no Go file lands in it.
func TestOutputInsideIDL(t *testing.T) {
	t.Run("refused", func(t *testing.T) {
		for _, c := range []struct{ idl, provider, err string }{
			{"idl", "idl/provider", "idl/provider/cart_stub.go: inside the IDL directory idl, which the next run would load as IDL"},
			{"idl", "idl", "idl/cart_stub.go: inside the IDL directory idl,"},
			// The IDL in provider/idl, with a package idl of its own: its stubs would land in the IDL's root.
			{"provider/idl", "provider", "provider/idl/role_stub.go: inside the IDL directory provider/idl,"},
		} {
			t.Run(c.provider, func(t *testing.T) {
				p := newProject(t)
				if c.idl == "provider/idl" {
					testsupport.WriteFile(t, p.path("provider/idl/cart.go"), scratchIDL)
					testsupport.WriteFile(t, p.path("provider/idl/idl/role.go"), strings.Replace(scratchRoleV2, "package iam", "package idl", 1))
				}
				p.refused(t, c.err, []string{c.idl, "--out-pack=pack", "--out-provider=" + c.provider})
			})
		}
	})
	t.Run("allowed", func(t *testing.T) {
		for _, c := range []struct {
			name, idl string
			flags     []string
		}{
			{"pack and schema inside the IDL", "idl", []string{"--out-pack=idl/pack", "--out-schema=idl/schema.json"}},
			{"stubs in testdata", "idl", []string{"--out-provider=idl/testdata/provider"}},
			{"IDL inside the stubs", "provider/idl", []string{"--out-provider=provider", "--out-pack=provider/idl/pack"}},
		} {
			t.Run(c.name, func(t *testing.T) {
				p := newProject(t)
				if c.idl == "provider/idl" {
					testsupport.WriteFile(t, p.path("provider/idl/cart.go"), scratchIDL)
				}
				for range 2 {
					if r := p.cidlc(t, append([]string{c.idl}, c.flags...)...); r.status != 0 {
						t.Fatalf("cidlc: %s", r)
					}
				}
				p.current(t, c.idl, c.flags...)
			})
		}
	})
}

// TestPathsWithSpacesAndUnicode: output paths may hold spaces and letters outside ASCII, as long as what
// lives there allows them: the TypeScript package and the schema do; a Go package does not, so such a
// directory for the stubs is an error before anything is written.
func TestPathsWithSpacesAndUnicode(t *testing.T) {
	p := newProject(t)
	flags := []string{"--out-pack=out dir/påck ü", "--out-schema=out dir/schéma/schema ü.json"}
	// Create, then rewrite and remove, then leave alone.
	for _, c := range []struct{ idl, say string }{
		{"idl", "written out dir/påck ü/cart.ts"},
		{"idl2", "removed out dir/påck ü/order.ts"},
		{"idl2", "0 written, 12 unchanged"},
	} {
		if r := p.cidlc(t, append([]string{"-v", c.idl}, flags...)...); r.status != 0 || !strings.Contains(r.stderr, c.say) {
			t.Fatalf("cidlc %s: want exit 0 and %q; %s", c.idl, c.say, r)
		}
		p.current(t, c.idl, flags...)
	}
	got := tree(t, p.path("out dir"))
	if !strings.Contains(got["påck ü/iam/role.ts"], "A Role is assumed.") || got["schéma/schema ü.json"] == "" {
		t.Errorf("out dir holds %v", slices.Sorted(maps.Keys(got)))
	}
	for _, dir := range []string{"out dir/prövider", "prövider"} {
		p.refused(t, "cidlc: "+dir+": Go code cannot live there: malformed import path", []string{"idl", "--out-pack=pack", "--out-provider=" + dir})
	}
}

// chmod changes the permissions of name, and makes sure the project can be cleaned up afterwards.
func chmod(t *testing.T, name string, mode fs.FileMode) {
	t.Helper()
	if err := os.Chmod(name, mode); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(name, 0o755) })
}

// TestWriteProtected: a generated file or directory without write permission (chmod a-w) is the user's way
// of saying it is not to change. cidlc checks the permission bits itself, so that root — who may write
// anything — and a rename over a read-only file — which the system allows — do not get past them: a change
// to such a file or directory is an error naming it, with and without --check, and nothing at all is
// written. Where nothing has to change, the protection is no obstacle.
func TestWriteProtected(t *testing.T) {
	for _, c := range []struct {
		name, from, to, path string
		mode                 fs.FileMode
		err                  string // "" when the run may succeed
	}{
		{"changed file", "idl", "idl2", "pack/cart.ts", 0o444, "pack/cart.ts: is write-protected; cidlc neither replaces nor deletes it"},
		{"removed file", "idl", "idl2", "pack/order.ts", 0o444, "pack/order.ts: is write-protected;"},
		{"manifest", "idl", "idl2", "provider/.cidlc-owned", 0o444, "provider/.cidlc-owned: is write-protected;"},
		{"unchanged file", "idl", "idl2", "pack/tsconfig.json", 0o444, ""},
		{"directory of changed files", "idl", "idl2", "provider", 0o555, "provider: is a write-protected directory; cidlc does not change what it holds"},
		{"directory of removed files", "idl2", "idl", "pack/iam", 0o555, "pack/iam: is a write-protected directory;"},
		{"unchanged directory", "idl2", "idl2", "pack", 0o555, ""},
		{"output directory to create", "idl", "idl2", "ro", 0o555, "ro/schema: cannot be created: ro is a write-protected directory"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := newProject(t)
			p.generate(t, c.from)
			flags := outFlags
			if c.path == "ro" {
				os.Mkdir(p.path("ro"), 0o755)
				flags = []string{"--out-pack=pack", "--out-schema=ro/schema/schema.json"}
			}
			chmod(t, p.path(c.path), c.mode)
			args := append([]string{c.to}, flags...)
			if c.err != "" {
				p.refused(t, c.err, args)
			} else if r := p.cidlc(t, args...); r.status != 0 {
				t.Errorf("cidlc %s: %s", c.to, r)
			}
			if fi, err := os.Stat(p.path(c.path)); err != nil {
				t.Error(err)
			} else if fi.Mode().Perm() != c.mode {
				t.Errorf("%s: mode %v; want %v kept", c.path, fi.Mode(), c.mode)
			}
			// Once writable again, everything is brought up to date.
			os.Chmod(p.path(c.path), 0o755)
			if r := p.cidlc(t, args...); r.status != 0 {
				t.Errorf("cidlc %s after chmod: %s", c.to, r)
			}
			p.current(t, c.to, flags...)
		})
	}
}

// fsizeEnv returns the environment that limits the files a cidlc run writes to n bytes: its own files,
// not those of the go command that loads the IDL, which may have to fill its build cache. A go on the
// PATH before the real one lifts the limit again (a process may raise its soft limit up to the hard one).
func fsizeEnv(t *testing.T, n int) []string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	if goTool, err = filepath.Abs(goTool); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	script := "#!/bin/sh\nulimit -S -f \"$(ulimit -H -f)\" && exec '" + goTool + "' \"$@\"\n"
	if err := os.WriteFile(filepath.Join(dir, "go"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return []string{"CIDLC_TEST_FSIZE=" + strconv.Itoa(n), "PATH=" + dir + string(filepath.ListSeparator) + os.Getenv("PATH")}
}

// wholeFiles fails the test unless every file of mid, the project after a failed run, holds the bytes it
// held before (old) or after a complete run (new), and no temporary file is left.
func wholeFiles(t *testing.T, old, mid, new map[string]string) {
	t.Helper()
	for _, path := range slices.Sorted(maps.Keys(mid)) {
		got := mid[path]
		switch {
		case strings.HasSuffix(path, ".tmp"):
			t.Errorf("temporary file left: %s", path)
		case got != old[path] && got != new[path]:
			t.Errorf("%s is neither old nor new:\n%s", path, got)
		}
	}
}

// TestFullDisk: a write the system refuses half-way — here because the file size limit (RLIMIT_FSIZE)
// stands for a full disk — stops cidlc with exit 1 and an error naming the file; every file on disk is
// then whole, old or new, no temporary file is left, and the next run completes the job.
func TestFullDisk(t *testing.T) {
	failed := 0
	for _, c := range []struct {
		limit int
		flags []string
	}{
		{0, outFlags},
		{100, outFlags},
		{3500, outFlags},
		{1 << 20, outFlags}, // enough
		{3900, []string{"--out-provider=provider", "--out-schema=schema/schema.json"}},
		{3000, []string{"--out-schema=schema/schema.json"}},
	} {
		t.Run(strconv.Itoa(c.limit)+" "+strings.Join(c.flags, " "), func(t *testing.T) {
			p := newProject(t)
			if r := p.cidlc(t, append([]string{"idl"}, c.flags...)...); r.status != 0 {
				t.Fatalf("cidlc idl: %s", r)
			}
			old := tree(t, p.dir)
			r := p.cidlcEnv(t, fsizeEnv(t, c.limit), append([]string{"idl2"}, c.flags...)...)
			mid := tree(t, p.dir)
			var named []string
			if r.status != 0 {
				failed++
				named = regexp.MustCompile(`^cidlc: (.+): cannot write: file too large\n$`).FindStringSubmatch(r.stderr)
				if r.status != 1 || named == nil {
					t.Fatalf("cidlc idl2 with the file size limited to %d bytes: want exit 1 and an error naming the file; %s", c.limit, r)
				}
			}
			if r := p.cidlc(t, append([]string{"idl2"}, c.flags...)...); r.status != 0 {
				t.Fatalf("cidlc idl2 without the limit: %s", r)
			}
			final := tree(t, p.dir)
			if named != nil {
				if _, ok := final[named[1]]; !ok {
					t.Errorf("the error names %s, which cidlc does not generate", named[1])
				}
			}
			wholeFiles(t, old, mid, final)
			p.current(t, "idl2", c.flags...)
		})
	}
	if failed != 5 {
		t.Errorf("%d runs failed, want 5: the limits no longer fit the files", failed)
	}
}

// TestConcurrentRuns runs rounds of cidlc processes at once on the same output directories, with two
// versions of the IDL so that their files differ, and a cidlc --check among them. Runs on one directory
// take turns (docs/ownership.md): each run succeeds; after each round the outputs are exactly those of one
// version — no file torn or mixed, no temporary file, a manifest that lists what is there — and the check
// saw one version whole.
func TestConcurrentRuns(t *testing.T) {
	p := newProject(t)
	want := map[string]map[string]string{}
	p.generate(t, "idl")
	want["idl"] = tree(t, p.dir)
	// What --check for idl2 prints when the outputs are idl's.
	staleDiff := p.cidlc(t, append([]string{"idl2", "--check"}, outFlags...)...).stdout
	p.generate(t, "idl2")
	want["idl2"] = tree(t, p.dir)
	if staleDiff == "" || maps.Equal(want["idl"], want["idl2"]) {
		t.Fatal("the two versions do not differ")
	}

	start := func(args ...string) *proc { return p.start(t, args...) }
	rounds := 12
	if testing.Short() {
		rounds = 4
	}
	for round := range rounds {
		// Three writers, both versions among them, in an order that changes from round to round, and a check.
		versions := []string{"idl", "idl2", []string{"idl", "idl2"}[round%2]}
		if round%3 == 0 {
			slices.Reverse(versions)
		}
		var writers []*proc
		for _, v := range versions {
			writers = append(writers, start(append([]string{v}, outFlags...)...))
		}
		checker := start(append([]string{"idl2", "--check"}, outFlags...)...)
		for i, w := range writers {
			if err := w.cmd.Wait(); err != nil {
				t.Errorf("round %d: cidlc %s: %v\n%s", round, versions[i], err, w.stderr.String())
			}
		}
		checker.cmd.Wait()
		if code := checker.cmd.ProcessState.ExitCode(); code == 0 && checker.stdout.Len() != 0 || code == 1 && checker.stdout.String() != staleDiff || code > 1 {
			t.Errorf("round %d: cidlc --check saw the outputs of neither version: exit %d\nstdout:\n%s\nstderr:\n%s",
				round, code, checker.stdout.String(), checker.stderr.String())
		}
		got := tree(t, p.dir)
		if !maps.Equal(got, want["idl"]) && !maps.Equal(got, want["idl2"]) {
			t.Fatalf("round %d: the outputs are those of neither version:\nfrom idl:\n%sfrom idl2:\n%s",
				round, treeDiff(want["idl"], got), treeDiff(want["idl2"], got))
		}
	}
	p.generate(t, "idl2")
	if got := tree(t, p.dir); !maps.Equal(got, want["idl2"]) {
		t.Errorf("after a last run alone:\n%s", treeDiff(want["idl2"], got))
	}
	p.current(t, "idl2")
}
