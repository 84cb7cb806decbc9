package cli

import (
	"fmt"
	"io"
	"maps"
	"os"
	"slices"

	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/snapshot"
)

// validateSnapshots checks the files of --validate-snapshot against the IDL and prints their
// diagnostics. Types of other packages are skipped, which -v notes.
func validateSnapshots(tree *model.Tree, opts options, stdin io.Reader, stderr io.Writer) int {
	v, err := snapshot.New(tree)
	if err != nil {
		fmt.Fprintln(stderr, "cidlc:", err)
		return ExitFail
	}
	status := ExitOK
	for _, file := range opts.snapshots {
		name, r := file, stdin
		if file == "-" {
			name = "<stdin>"
		} else {
			f, err := os.Open(file)
			if err != nil {
				fmt.Fprintln(stderr, "cidlc:", err)
				status = ExitFail
				continue
			}
			r = f
		}
		res, err := v.Validate(name, r)
		if c, ok := r.(io.Closer); ok && file != "-" {
			c.Close()
		}
		if err != nil {
			fmt.Fprintf(stderr, "cidlc: %s: %v\n", name, err)
			status = ExitFail
			continue
		}
		for _, d := range res.Diagnostics {
			fmt.Fprintln(stderr, d)
		}
		if opts.verbose {
			fmt.Fprintf(stderr, "cidlc: %s: %s of %d vertices, %d of package %s checked\n", name, formatName(res.Format), res.Vertices, res.Checked, tree.Name)
			for _, t := range slices.Sorted(maps.Keys(res.Skipped)) {
				fmt.Fprintf(stderr, "cidlc: %s: note: skipped %d of type %s, of another package\n", name, res.Skipped[t], t)
			}
		}
		if n := len(res.Diagnostics); n > 0 {
			status = ExitFail
			if !opts.quiet {
				fmt.Fprintf(stderr, "cidlc: %s: %d problem%s in the snapshot\n", name, n, plural(n))
			}
		}
	}
	return status
}

func formatName(f snapshot.Format) string {
	if f == "" {
		return "not a snapshot"
	}
	return string(f)
}
