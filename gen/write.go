package gen

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/cidlc/cidlc/internal/disk"
)

// Write makes each output directory hold exactly the generated files of its result, touching only what
// differs: it writes new and changed files atomically, deletes owned files that are no longer generated
// and the directories this empties, and updates each directory's manifest. If any file in the way is not
// cidlc's, or any path would leave its output directory, it writes nothing and says why for every such path.
//
// An error in the middle (a full disk) stops Write; the report then says what it did before. Every file is
// then whole, old or new, and running Write again finishes the job.
//
// Write takes no lock: hold the output directories' lock (package internal/outlock) around it when
// another run may write them.
func Write(results []Result) (Report, error) {
	return write(results, disk.OS{})
}

func write(results []Result, d disk.FS) (Report, error) {
	plans, err := makePlans(results)
	if err != nil {
		return Report{}, err
	}
	var r Report
	for _, p := range plans {
		r.Unchanged = append(r.Unchanged, p.unchanged...)
	}
	for _, p := range plans {
		if err := p.apply(d, &r); err != nil {
			return r, err
		}
	}
	return r, nil
}

// apply carries out a plan: removals first, so that the old manifest still lists whatever a failure
// leaves behind; writes, the manifest last; then empty directories.
func (p *plan) apply(d disk.FS, r *Report) error {
	for _, s := range p.removes {
		if err := d.Remove(s.abs); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s: cannot remove: %w", s.show, plainError(err))
		}
		r.Removed = append(r.Removed, s.show)
	}
	for _, dir := range p.mkdirs {
		if err := d.MkdirAll(dir); err != nil {
			return fmt.Errorf("%s: cannot create the directory: %w", p.show(dir), plainError(err))
		}
	}
	for _, s := range p.writes {
		if err := disk.WriteFile(d, s.abs, s.want); err != nil {
			return fmt.Errorf("%s: cannot write: %w", s.show, plainError(err))
		}
		r.Written = append(r.Written, s.show)
	}
	// Removing a directory that is not empty fails, which is the test for emptiness: a directory that
	// still holds anything (a hand-written file, a subdirectory that stayed) stays, and so do its parents.
	kept := make(map[string]bool)
	for _, dir := range p.prune {
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
