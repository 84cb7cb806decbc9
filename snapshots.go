package cidlc

import (
	"errors"
	"io"
	"io/fs"
	"os"

	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/snapshot"
)

// A Snapshot is what the validation of one file of Options.Snapshots found.
type Snapshot struct {
	// Name is the file as given, "<stdin>" for standard input.
	Name string
	// Result holds the problems found, sorted by position, and what was checked; nil when Err is set.
	*snapshot.Result
	// Err says why the file could not be validated: unreadable, not JSON. It does not repeat Name.
	Err error
}

// validateSnapshots validates the files of opts.Snapshots against the model. Types of other packages
// are skipped, which each result counts.
func validateSnapshots(tree *model.Tree, opts Options) []Snapshot {
	results := make([]Snapshot, len(opts.Snapshots))
	v, err := snapshot.New(tree)
	for i, file := range opts.Snapshots {
		s := &results[i]
		s.Name = file
		if file == "-" {
			s.Name = "<stdin>"
		}
		if err != nil {
			s.Err = err
			continue
		}
		s.Result, s.Err = validateSnapshot(v, file, s.Name, opts.Stdin)
	}
	return results
}

func validateSnapshot(v *snapshot.Validator, file, name string, stdin io.Reader) (*snapshot.Result, error) {
	r := stdin
	if file != "-" {
		f, err := os.Open(file)
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err // the file is named already
			}
			return nil, err
		}
		defer f.Close()
		r = f
	} else if r == nil {
		r = os.Stdin
	}
	return v.Validate(name, r)
}
