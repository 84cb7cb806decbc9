package outdir

import (
	"cmp"
	"errors"
	"io"
	"slices"

	"github.com/cidlc/cidlc/gen/textdiff"
	"github.com/cidlc/cidlc/internal/base/disk"
)

// devNull names the missing side of a diff, as diff -u, patch and git apply do.
const devNull = "/dev/null"

// Check compares the generated files with the disk and changes nothing. For every file Write would write
// or delete it writes a unified diff to w, from the disk's content to what Write would write, as gofmt -d,
// black --diff and cargo fmt --check show theirs: `-` lines are the file as it is, `+` lines what cidlc
// generates. The headers name the file as git does, a/PATH and b/PATH with PATH relative to the working
// directory, so that `git apply` (or `patch -p1`) run there takes the diff as it is and makes the disk
// current. A missing file is a diff from /dev/null, a stale one a diff to /dev/null. (A missing empty file
// has no lines to show: it is in the report only.)
//
// Check fails, writing nothing to w, where Write would fail before writing: a file in the way that cidlc
// does not own, a path that leaves its output directory. Like Write, it takes no lock. (A run generates
// and compares in one go with Stage and Staged.Check.)
func Check(results []Result, w io.Writer) (Report, error) {
	s, err := stageResults(results, StageOptions{Check: true}, disk.OS{})
	if err != nil {
		return Report{}, err
	}
	return s.Check(w)
}

// Check reports what Commit would do, and writes the diff of every file it would write or remove to w,
// as the function Check does. The Staged must come from a Stage with StageOptions.Check.
func (s *Staged) Check(w io.Writer) (Report, error) {
	if !s.check {
		return Report{}, errors.New("outdir: Check of a Staged prepared for Commit")
	}
	r := Report{check: true}
	for _, so := range s.outs {
		r.Unchanged = append(r.Unchanged, so.unchanged...)
		var steps []*staged
		for _, st := range so.files {
			if !st.unchanged {
				r.Written = append(r.Written, st.show)
				steps = append(steps, st)
			}
		}
		if so.manifest != nil {
			r.Written = append(r.Written, so.manifest.show)
			steps = append(steps, so.manifest)
		}
		for _, st := range so.removes {
			r.Removed = append(r.Removed, st.show)
			steps = append(steps, st)
		}
		slices.SortFunc(steps, func(a, b *staged) int { return cmp.Compare(a.rel, b.rel) })
		for _, st := range steps {
			if _, err := w.Write(st.diff()); err != nil {
				return r, err
			}
		}
	}
	return r, nil
}

// diff returns the unified diff from what the disk holds to what cidlc generates.
func (st *staged) diff() []byte {
	from, to := "a/"+st.show, "b/"+st.show
	switch {
	case st.want == nil: // to remove
		to = devNull
	case st.have == nil: // missing
		from = devNull
	}
	return textdiff.Unified(from, to, st.have, st.want)
}
