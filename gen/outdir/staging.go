package outdir

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/cidlc/cidlc/internal/base/disk"
)

// toWrite records that st must be written with the content want over have: kept for Check's diff, or
// staged.
func (so *stagedOut) toWrite(st *staged, want, have []byte) {
	if so.s.check {
		// A copy: a Streamer may reuse the memory of what it emitted (see gen.Streamer). Never nil, which
		// means removal.
		st.want, st.have = append([]byte{}, want...), have
		return
	}
	if so.isProblematic() {
		return // nothing will be written: staging would be wasted
	}
	staging, err := so.stagingDir()
	if err == nil {
		st.temp, err = so.stageFile(staging, st, func(w io.Writer) error {
			_, err := w.Write(want)
			return err
		})
	}
	if err != nil {
		so.writeFailed(st, err)
	}
}

// stagingTree is the directory of the staging directory that holds the missing directories staged whole.
// Temporary files, the staging directory's other entries, start with a dot: no name is both.
const stagingTree = "tree"

// stageFile writes the content of st, by write, into the staging directory, and returns where. A file
// of a directory that exists goes to a temporary file of its own, which Commit renames into place. A
// file of a missing directory goes under its own name into that directory's copy in the staging tree,
// and Commit renames the topmost missing directory into place whole: a fresh output of 10,000
// resources is then 400 renames instead of 20,000, and its files are created in directories of 50
// rather than in one of 20,000 (together 0.2 s less system time on this machine's ext4).
func (so *stagedOut) stageFile(staging string, st *staged, write func(io.Writer) error) (string, error) {
	dir := parentDir(st.rel)
	top := so.topMissing(dir)
	if top == "" {
		return writeNew(so.s.d, write, func() (disk.TempFile, error) {
			return so.s.d.CreateTemp(staging, path.Base(st.rel))
		})
	}
	tree := filepath.Join(staging, stagingTree)
	if err := so.mkdirStaged(tree, dir); err != nil {
		return "", err
	}
	name, err := writeNew(so.s.d, write, func() (disk.TempFile, error) {
		return so.s.d.Create(filepath.Join(tree, filepath.FromSlash(st.rel)))
	})
	if err == nil {
		st.subtree = top
		so.mu.Lock()
		so.subtrees[top] = true
		so.mu.Unlock()
	}
	return name, err
}

// topMissing returns the topmost missing directory that holds the directory dir (dir or one of its
// parents), or "" when dir exists or is the output directory itself, which stagingDir creates.
func (so *stagedOut) topMissing(dir string) string {
	if dir == "" || so.dirEntry(dir).state != dirMissing {
		return ""
	}
	for parentDir(dir) != "" && so.dirEntry(parentDir(dir)).state == dirMissing {
		dir = parentDir(dir)
	}
	return dir
}

// mkdirStaged makes the directory dir (relative to the output directory) in the staging tree tree,
// once, and remembers every directory it may have made there, for discard.
func (so *stagedOut) mkdirStaged(tree, dir string) error {
	so.mu.Lock()
	defer so.mu.Unlock()
	abs := filepath.Join(tree, filepath.FromSlash(dir))
	if so.treeDirs[abs] {
		return nil
	}
	for p := abs; !so.treeDirs[p]; p = filepath.Dir(p) {
		so.treeDirs[p] = true
		if p == tree {
			break
		}
	}
	return so.s.d.MkdirAll(abs)
}

// writeFailed records that st could not be staged. A full disk fails every file: the error names one,
// the first by path, whatever the order the files came in.
func (so *stagedOut) writeFailed(st *staged, err error) {
	so.mu.Lock()
	defer so.mu.Unlock()
	if so.writeErr == nil || st.rel < so.writeErr.rel {
		so.writeErr = &problem{st.rel, fmt.Errorf("%s: cannot write: %w", st.show, plainError(err))}
	}
}

func (so *stagedOut) isProblematic() bool {
	so.mu.Lock()
	defer so.mu.Unlock()
	return len(so.problems) > 0
}

// stagingDir returns the staging directory of the output directory, creating it (and the output
// directory, if missing) on first use. Its name starts with a dot and ends in .tmp, as temporary files
// do, so that go build, tsc and globs skip it.
func (so *stagedOut) stagingDir() (string, error) {
	so.mu.Lock()
	defer so.mu.Unlock()
	if so.staging != "" || so.stageErr != nil {
		return so.staging, so.stageErr
	}
	root := so.out.root
	var created []string
	for p := root; ; p = filepath.Dir(p) {
		if _, err := os.Lstat(p); err == nil || filepath.Dir(p) == p {
			break
		}
		created = append(created, p)
	}
	if len(created) > 0 {
		if so.stageErr = so.s.d.MkdirAll(root); so.stageErr != nil {
			return "", so.stageErr
		}
		so.created = created
	}
	for range 1000 {
		dir := filepath.Join(root, ".cidlc-staging."+strconv.FormatUint(uint64(rand.Uint32()), 36)+".tmp")
		if _, err := os.Lstat(dir); err == nil {
			continue
		}
		if so.stageErr = so.s.d.MkdirAll(dir); so.stageErr == nil {
			so.staging = dir
		}
		return so.staging, so.stageErr
	}
	so.stageErr = fmt.Errorf("%s: no name for a staging directory", root)
	return "", so.stageErr
}

// Discard removes what Stage staged; the output directories are as they were. A Staged that was
// committed or discarded may be discarded again.
func (s *Staged) Discard() {
	for _, so := range s.outs {
		so.discard()
	}
}

func (so *stagedOut) discard() {
	so.mu.Lock()
	defer so.mu.Unlock()
	if so.staging == "" {
		return
	}
	for _, f := range so.files {
		if f.temp != "" {
			so.s.d.Remove(f.temp)
			f.temp = ""
		}
	}
	// The staging tree's directories, children first; those Commit renamed into place are gone.
	dirs := slices.Collect(maps.Keys(so.treeDirs))
	slices.SortFunc(dirs, func(a, b string) int { return cmp.Compare(len(b), len(a)) })
	for _, dir := range dirs {
		so.s.d.Remove(dir)
	}
	so.treeDirs = nil
	so.s.d.Remove(so.staging)
	so.staging = ""
	// The directories created for staging, if nothing else came into them.
	for _, dir := range so.created {
		if so.s.d.Remove(dir) != nil {
			break
		}
	}
	so.created = nil
}
