package cidlc

import (
	"github.com/cidlc/cidlc/gen/outdir"
	"github.com/cidlc/cidlc/idl/breaking"
	"github.com/cidlc/cidlc/idl/model"
)

// Result is what a run did.
type Result struct {
	// Model is the model of the IDL; nil when the IDL has problems, or when the up-to-date cache spared
	// the run validating the IDL (ask for it with Options.Model). Model.Warnings are the IDL's warnings,
	// which a run with warnings never leaves to the cache to spare.
	Model *model.Tree
	// Outputs are the output directories, in the order of the options (Pack, Provider, the Schema's
	// directory unless it is one of them); none when the output options are wrong.
	Outputs []string
	// UpToDate reports that the up-to-date cache found every output as the last run left it, for these
	// very sources: nothing was checked, generated or compared, and Report lists every file unchanged.
	UpToDate bool
	// Report says what was written, or with Options.Check what differs (Report.Stale).
	Report outdir.Report
	// Snapshots are the results of Options.Snapshots, in order.
	Snapshots []Snapshot
	// Breaking is the comparison with Options.BreakingAgainst: every change, accepted or not; nil
	// without the option, or when the comparison could not be made.
	Breaking *breaking.Report
	// Phases say how long each step took.
	Phases Phases
}

// A GenerateError is a failure of the backends or of what they generated, nothing the IDL's author can
// fix: a backend's error, a file set that cannot be written as it is, Go code that would land in the IDL
// directory. Nothing was written.
type GenerateError struct{ Err error }

func (e *GenerateError) Error() string { return e.Err.Error() }

func (e *GenerateError) Unwrap() error { return e.Err }
