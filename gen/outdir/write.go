package outdir

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"

	"github.com/cidlc/cidlc/internal/base/disk"
)

// Write makes each output directory hold exactly the generated files of its result, touching only what
// differs: it writes new and changed files atomically, deletes owned files that are no longer generated
// and the directories this empties, and updates each directory's manifest. If any file in the way is not
// cidlc's, or any path would leave its output directory, it writes nothing and says why for every such path.
//
// An error in the middle (a full disk) stops Write; the report then says what it did before. Every file is
// then whole, old or new, and running Write again finishes the job.
//
// Write takes no lock: hold the output directories' lock (package internal/run/outlock) around it when
// another run may write them. (A run generates and writes in one go with Stage and Commit.)
func Write(results []Result) (Report, error) {
	return write(results, disk.OS{})
}

func write(results []Result, d disk.FS) (Report, error) {
	s, err := stageResults(results, StageOptions{}, d)
	if err != nil {
		return Report{}, err
	}
	return s.Commit()
}

// Commit writes what Stage staged: for each output directory in turn, it removes the owned files no
// longer generated, renames the staged files (and each missing directory, staged whole) into place,
// writes the manifest last, and removes the directories the removals emptied. Then it removes the
// staging directories. The report says what it did, also when an error (a full disk) stopped it
// half-way; every file is then whole, old or new, and the next run finishes the job. A Staged from a
// Stage with StageOptions.Check cannot be committed.
func (s *Staged) Commit() (Report, error) {
	if s.check {
		return Report{}, errors.New("outdir: Commit of a Staged prepared for Check")
	}
	defer s.Discard()
	var r Report
	for _, so := range s.outs {
		r.Unchanged = append(r.Unchanged, so.unchanged...)
	}
	for _, so := range s.outs {
		if err := so.commit(&r); err != nil {
			return r, err
		}
	}
	return r, nil
}

// renameStaged renames the staged files into place: each missing directory staged whole at once, then
// every other file. The report lists the files written, in the order of their paths, also when a
// failure stopped it half-way.
func (so *stagedOut) renameStaged(r *Report) error {
	d := so.s.d
	var staged []*staged
	for _, st := range so.files {
		if st.temp != "" {
			staged = append(staged, st)
		}
	}
	tree := filepath.Join(so.staging, stagingTree)
	renamed := make(map[string]bool, len(so.subtrees))
	err := func() error {
		// In the order of their paths, so that a failure stops at the same place every time. No staged
		// directory holds another: each is the topmost missing one.
		for _, dir := range slices.Sorted(maps.Keys(so.subtrees)) {
			abs := so.out.abs(dir)
			if err := d.Rename(filepath.Join(tree, filepath.FromSlash(dir)), abs); err != nil {
				return fmt.Errorf("%s: cannot write: %w", so.show(abs), plainError(err))
			}
			renamed[dir] = true
		}
		for _, st := range staged {
			if st.subtree != "" {
				continue
			}
			if err := d.Rename(st.temp, st.abs); err != nil {
				return fmt.Errorf("%s: cannot write: %w", st.show, plainError(err))
			}
			st.temp = ""
		}
		return nil
	}()
	// What was renamed is no longer the staging tree's to remove.
	maps.DeleteFunc(so.treeDirs, func(dir string, _ bool) bool {
		for p := dir; p != tree && p != filepath.Dir(p); p = filepath.Dir(p) {
			if rel, err := filepath.Rel(tree, p); err == nil && renamed[filepath.ToSlash(rel)] {
				return true
			}
		}
		return false
	})
	for _, st := range staged {
		if st.subtree != "" && renamed[st.subtree] {
			st.temp = "" // moved with its directory
		}
		if st.temp == "" {
			r.Written = append(r.Written, st.show)
		}
	}
	return err
}

// commit carries out one output directory's part: removals first, so that the old manifest still lists
// whatever a failure leaves behind; writes, the manifest last; then empty directories.
func (so *stagedOut) commit(r *Report) error {
	d := so.s.d
	for _, st := range so.removes {
		if err := d.Remove(st.abs); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s: cannot remove: %w", st.show, plainError(err))
		}
		r.Removed = append(r.Removed, st.show)
	}
	if err := so.renameStaged(r); err != nil {
		return err
	}
	if m := so.manifest; m != nil {
		// Last, so that a commit cut short leaves the old manifest, still listing files it has not
		// removed yet.
		if err := disk.WriteFile(d, m.abs, m.want); err != nil {
			return fmt.Errorf("%s: cannot write: %w", m.show, plainError(err))
		}
		r.Written = append(r.Written, m.show)
	}
	// What was created for staging now holds the output: it stays.
	so.created = nil
	// Removing a directory that is not empty fails, which is the test for emptiness: a directory that
	// still holds anything (a hand-written file, a subdirectory that stayed) stays, and so do its parents.
	kept := make(map[string]bool)
	for _, dir := range so.prune {
		if kept[dir] {
			continue
		}
		if err := d.Remove(dir); err != nil {
			for up := filepath.Dir(dir); !kept[up] && up != filepath.Dir(up); up = filepath.Dir(up) {
				kept[up] = true
			}
		}
	}
	return nil
}
