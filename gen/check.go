package gen

import (
	"cmp"
	"io"
	"slices"

	"github.com/cidlc/cidlc/gen/textdiff"
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
// does not own, a path that leaves its output directory. Like Write, it takes no lock.
func Check(results []Result, w io.Writer) (Report, error) {
	plans, err := makePlans(results)
	if err != nil {
		return Report{}, err
	}
	r := Report{check: true}
	for _, p := range plans {
		r.Unchanged = append(r.Unchanged, p.unchanged...)
		for _, s := range p.writes {
			r.Written = append(r.Written, s.show)
		}
		for _, s := range p.removes {
			r.Removed = append(r.Removed, s.show)
		}
		steps := append(slices.Clone(p.writes), p.removes...)
		slices.SortFunc(steps, func(a, b *step) int { return cmp.Compare(a.rel, b.rel) })
		for _, s := range steps {
			if _, err := w.Write(s.diff()); err != nil {
				return r, err
			}
		}
	}
	return r, nil
}

// diff returns the unified diff from what the disk holds to what cidlc generates.
func (s *step) diff() []byte {
	from, to := "a/"+s.show, "b/"+s.show
	switch {
	case s.want == nil: // to remove
		to = devNull
	case s.have == nil: // missing
		from = devNull
	}
	return textdiff.Unified(from, to, s.have, s.want)
}
