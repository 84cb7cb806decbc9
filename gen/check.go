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
// or delete it writes a unified diff to w, from the generated content to the disk's: the diff shows what
// differs on disk, and `patch -R -p0` or `git apply -R -p0`, run in the working directory, undoes it. A
// missing file is a diff to /dev/null, a stale one a diff from /dev/null. (A missing empty file has no
// lines to show: it is in the report only.)
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

// diff returns the unified diff from what cidlc generates to what the disk holds.
func (s *step) diff() []byte {
	switch {
	case s.want == nil:
		return textdiff.Unified(devNull, s.show, nil, s.have)
	case s.have == nil:
		return textdiff.Unified(s.show, devNull, s.want, nil)
	}
	return textdiff.Unified(s.show, s.show, s.want, s.have)
}
