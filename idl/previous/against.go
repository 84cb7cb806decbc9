package previous

import (
	"errors"
	"fmt"
	"go/token"
	"sync"

	"github.com/cidlc/cidlc/idl/breaking"
	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/base/paths"
)

// Against is a comparison with the version --breaking-against names, done in the background as far as
// it can be: the previous version's files are read (git runs) while the current IDL loads (Start), and
// the previous version is loaded while the current model is built (Load), so that what the comparison
// adds to a run is mostly on the other CPU.
type Against struct {
	against string
	read    chan struct{} // closed once prev and err are set
	prev    load.Previous
	err     error

	loadOnce sync.Once
	loaded   chan struct{} // closed once old and err are set
	old      *model.Tree
}

// Start begins reading the version against names, for the IDL in idlDir, and parsing the files that
// differ from the IDL's into fset, when it is not nil: the file set the IDL's load then uses
// (load.Config.FileSet), so that the parse takes the CPU the load leaves free while go list runs.
func Start(idlDir, against string, fset *token.FileSet) *Against {
	a := &Against{against: against, read: make(chan struct{}), loaded: make(chan struct{})}
	go func() {
		defer close(a.read)
		a.prev, a.err = Read(idlDir, against)
		if a.err == nil && fset != nil {
			a.prev.ParseEarly(fset, idlDir)
		}
	}()
	return a
}

// Load begins loading the previous version in the place of the IDL l holds, once its files are read.
// The caller builds the current model meanwhile: the two only read what l holds. Compare calls Load if
// the caller did not.
func (a *Against) Load(l *load.Loaded) {
	a.loadOnce.Do(func() {
		go func() {
			defer close(a.loaded)
			if <-a.read; a.err != nil {
				return
			}
			a.old, a.err = LoadRead(l, a.prev)
		}()
	})
}

// Compare compares the previous version, loaded in the place of the IDL l holds, with the current
// model, tree, and accepts what the IDL's //cidlc:accept directives and accept (the --breaking-accept
// flags) accept. The error is a *Problems when the previous version has problems of its own, a
// load.Diagnostics for malformed directives of the current IDL, or a failure to read the previous
// version.
func (a *Against) Compare(l *load.Loaded, tree *model.Tree, accept []*breaking.Acceptance) (*breaking.Report, error) {
	a.Load(l)
	<-a.loaded
	var diags load.Diagnostics
	if errors.As(a.err, &diags) {
		return nil, &Problems{Against: a.against, Diagnostics: diags}
	}
	if a.err != nil {
		return nil, a.err
	}
	accs, diags := breaking.Acceptances(tree)
	if len(diags) > 0 {
		for i := range diags {
			diags[i].Pos.Filename = paths.Rel(l.WorkDir(), diags[i].Pos.Filename)
		}
		return nil, diags
	}
	report := breaking.Compare(a.old, tree)
	report.Accept(append(accs, accept...))
	return report, nil
}

// Problems are the problems of the previous version's IDL (a Go error, or an IDL rule the current
// cidlc has and it broke): there is nothing sound to compare. Their positions name its files.
type Problems struct {
	Against     string // the version, as --breaking-against named it
	Diagnostics load.Diagnostics
}

func (p *Problems) Error() string {
	return fmt.Sprintf("--breaking-against=%s: the previous version has %d problem(s):\n%s", p.Against, len(p.Diagnostics), p.Diagnostics.Error())
}
