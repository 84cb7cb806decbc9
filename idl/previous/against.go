package previous

import (
	"errors"
	"fmt"

	"github.com/cidlc/cidlc/idl/breaking"
	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/idl/model"
)

// Against is a comparison with the version --breaking-against names, begun before the current IDL is
// loaded, so that the previous version's files are read (git runs) while the IDL loads.
type Against struct {
	against string
	done    chan struct{}
	prev    load.Previous
	err     error
}

// Start begins reading the version against names, for the IDL in idlDir.
func Start(idlDir, against string) *Against {
	a := &Against{against: against, done: make(chan struct{})}
	go func() {
		defer close(a.done)
		a.prev, a.err = Read(idlDir, against)
	}()
	return a
}

// Compare loads the previous version in the place of the IDL l holds (whose model is tree), compares
// the two, and accepts what the IDL's //cidlc:accept directives and accept (the --breaking-accept
// flags) accept. The error is a *Problems when the previous version has problems of its own, a
// load.Diagnostics for malformed directives of the current IDL, or a failure to read the previous
// version.
func (a *Against) Compare(l *load.Loaded, tree *model.Tree, accept []*breaking.Acceptance) (*breaking.Report, error) {
	<-a.done
	if a.err != nil {
		return nil, a.err
	}
	old, err := LoadRead(l, a.prev)
	var diags load.Diagnostics
	if errors.As(err, &diags) {
		return nil, &Problems{Against: a.against, Diagnostics: diags}
	}
	if err != nil {
		return nil, err
	}
	accs, diags := breaking.Acceptances(tree)
	if len(diags) > 0 {
		for i := range diags {
			diags[i].Pos.Filename = model.RelativePath(l.WorkDir(), diags[i].Pos.Filename)
		}
		return nil, diags
	}
	report := breaking.Compare(old, tree)
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
