package outdir

import "fmt"

// Report says what Write did, or what Check found that Write would do. Paths are relative to the working
// directory and slash-separated, in the order of the outputs and, within one, of the path (but a manifest
// is written after the files it lists).
type Report struct {
	// Written are the files created or rewritten (Check: missing or different).
	Written []string
	// Unchanged are the files whose bytes were already right.
	Unchanged []string
	// Removed are the owned files deleted because nothing generates them any more (Check: that Write
	// would delete). The directories this emptied are not listed.
	Removed []string

	check bool
}

// Stale reports whether the disk differs from the generated files: after Check, whether CI should fail.
func (r Report) Stale() bool { return len(r.Written) > 0 || len(r.Removed) > 0 }

// String returns the summary that `cidlc -v` prints: "N written, M unchanged, K removed", or after
// Check "N to write, M unchanged, K to remove".
func (r Report) String() string {
	if r.check {
		return fmt.Sprintf("%d to write, %d unchanged, %d to remove", len(r.Written), len(r.Unchanged), len(r.Removed))
	}
	return fmt.Sprintf("%d written, %d unchanged, %d removed", len(r.Written), len(r.Unchanged), len(r.Removed))
}
