package cli

import (
	"fmt"
	"io"
	"maps"
	"slices"

	"github.com/cidlc/cidlc"
	"github.com/cidlc/cidlc/snapshot"
)

// printSnapshots prints what the validation of each --validate-snapshot file found, and reports whether
// any failed or has problems. With -v it notes the types of other packages that were skipped.
func printSnapshots(res *cidlc.Result, opts options, stderr io.Writer) (failed bool) {
	for _, s := range res.Snapshots {
		if s.Err != nil {
			fmt.Fprintf(stderr, "cidlc: %s: %v\n", s.Name, s.Err)
			failed = true
			continue
		}
		for _, d := range s.Diagnostics {
			fmt.Fprintln(stderr, d)
		}
		if opts.verbose {
			fmt.Fprintf(stderr, "cidlc: %s: %s of %d vertices, %d of package %s checked\n", s.Name, formatName(s.Format), s.Vertices, s.Checked, res.Model.Name)
			for _, t := range slices.Sorted(maps.Keys(s.Skipped)) {
				fmt.Fprintf(stderr, "cidlc: %s: note: skipped %d of type %s, of another package\n", s.Name, s.Skipped[t], t)
			}
		}
		if n := len(s.Diagnostics); n > 0 {
			failed = true
			if !opts.quiet {
				fmt.Fprintf(stderr, "cidlc: %s: %d problem%s in the snapshot\n", s.Name, n, plural(n))
			}
		}
	}
	return failed
}

func formatName(f snapshot.Format) string {
	if f == "" {
		return "not a snapshot"
	}
	return string(f)
}
