package cidlc

import (
	"context"
	"errors"
	"go/token"
	"io"
	"os"
	"runtime"
	"time"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/gen/outdir"
	"github.com/cidlc/cidlc/idl/breaking"
	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/idl/previous"
	"github.com/cidlc/cidlc/internal/run/outlock"
	"github.com/cidlc/cidlc/internal/run/uptodate"
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

// Run runs cidlc once: it loads the IDL, validates it and builds its model, runs the backends of the
// outputs, and writes their files (or compares them, with Options.Check), then validates the snapshots.
// It holds the lock of the output directories throughout, and skips from the load to the end when the
// up-to-date cache shows the outputs current. It prints nothing.
//
// The error is nil when the run did what was asked, whatever it found: outputs written, current, or
// stale under Options.Check (Result.Report.Stale), and snapshots validated, with or without problems
// (Result.Snapshots). Otherwise it says why the run failed, and Result what it did up to there:
//   - the IDL's problems, found by the loader or a backend, are model.Diagnostics, sorted, each
//     positioned relative to the working directory; nothing was written;
//   - a *GenerateError is a backend's failure; nothing was written;
//   - any other error is a failure of the go command, of the output options, of a file in the way
//     (nothing was written), or of the disk in the middle of a write (Result.Report says what was done).
//
// When ctx is done, Run stops before its next step, never in the middle of a write.
func Run(ctx context.Context, opts Options) (*Result, error) {
	res := &Result{}
	clock := startStopwatch(&res.Phases)
	// A problem with the output options is reported after the IDL's, which are checked either way.
	outs, outErr := opts.outputs()
	for _, out := range outs {
		res.Outputs = append(res.Outputs, out.Dir)
	}
	var cache uptodate.Cache
	if len(outs) > 0 {
		// Runs on the same outputs take turns, from before the cache looks at the outputs to after it
		// records what this run leaves there.
		defer outlock.Lock(res.Outputs, !opts.Check)()
		cache = uptodate.Open(opts.Cache)
	}
	// While the IDL loads, the cache looks whether the outputs still hold what the last run recorded.
	// A run that needs the model never skips to the end; it only records.
	mayShortcut := !opts.Model && len(opts.Snapshots) == 0
	var prior *uptodate.Lookup
	if mayShortcut {
		prior = cache.Lookup(outs)
	}
	// When the stamp proves that the load's inputs are as they were, and with them the sources, the
	// outputs are current without even a load: nothing asks the go command.
	if mayShortcut && opts.BreakingAgainst == "" {
		if report, ok := prior.CurrentUnloaded(cache, outs, opts.IDL, opts.Name); ok {
			clock.lap("up to date")
			prior.Refresh(cache, outs, nil)
			res.UpToDate, res.Report = true, report
			return res, nil
		}
	}
	// The previous version's files are read (git runs) while the IDL loads.
	fset := token.NewFileSet()
	var against *previous.Against
	if opts.BreakingAgainst != "" {
		against = previous.Start(opts.IDL, opts.BreakingAgainst, fset)
	}
	loadStarted := time.Now()
	loaded, err := load.LoadPackages(load.Config{Dir: opts.IDL, Name: opts.Name, FileSet: fset})
	if err != nil {
		return res, err
	}
	clock.lap("load")
	// The memory cap (boundMemory) starts after the load; with --breaking-against, after the comparison:
	// the previous version's load and model are the comparison's, and under a cap set from the first
	// load alone the collector ran more often for them (0.1 s more CPU against HEAD~1 at 1,000
	// resources).
	restoreMemory := func() {}
	defer func() { restoreMemory() }()
	capMemory := func() {
		if opts.BoundMemory {
			restoreMemory = boundMemory()
		}
	}
	if against == nil {
		capMemory()
	}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	// Outputs that the cache shows current for these very sources need neither the IDL's validation nor
	// the backends.
	var key uptodate.Key
	var sources *uptodate.Sources
	keyed := false
	if cache.Enabled() {
		key, err = cache.Key(loaded.Digest(), outs)
		keyed = err == nil
		sources = &uptodate.Sources{Digest: loaded.Digest(), Inputs: loaded.Inputs(), Started: loadStarted}
	}
	if keyed && mayShortcut {
		if report, ok := prior.Current(key); ok {
			clock.lap("up to date")
			prior.Refresh(cache, outs, sources)
			res.UpToDate, res.Report = true, report
			if against == nil {
				return res, nil
			}
		}
	}
	if against != nil {
		// The previous version loads while the model is built.
		against.Load(loaded)
	}
	tree, err := loaded.Model()
	if err != nil {
		return res, err
	}
	res.Model = tree
	clock.lap("model") // the IDL's validation, which builds the model
	// Before anything is written: a previous version that cannot be compared fails the run.
	if against != nil {
		res.Breaking, err = against.Compare(loaded, tree, opts.BreakingAccept)
		clock.lap("breaking")
		if err != nil || res.UpToDate {
			return res, err
		}
		capMemory()
	}

	err = outErr
	if err == nil && len(outs) > 0 {
		if opts.BoundMemory {
			// The loaded packages are garbage now that the model is built: collected before the backends
			// start allocating, rather than by a collection begun while the model was built, which keeps
			// them for its whole cycle while generation fills the memory up to the cap.
			runtime.GC()
		}
		var digests [][]outdir.Digest
		digests, err = generate(ctx, tree, opts, outs, res, &clock, keyed)
		// The disk now holds the generated files: after a Commit always, after a Check when nothing is
		// stale. A run with warnings is not recorded, so that the next run, which then cannot skip the
		// IDL's validation, shows them again.
		if err == nil && keyed && (!opts.Check || !res.Report.Stale()) && len(tree.Warnings) == 0 {
			cache.Record(outs, key, digests, sources)
		}
	}
	if len(opts.Snapshots) > 0 {
		res.Snapshots = validateSnapshots(tree, opts)
		clock.lap("validate")
	}
	return res, err
}

// generate runs the backends of outs and writes their files or, with opts.Check, compares them, into
// res.Report; with digests, it returns the digests of what the outputs then hold, for the up-to-date
// cache. Each file is compared with the disk, and staged, as soon as it is generated, and nothing is
// written before every backend has succeeded (outdir.Stage): the generate phase includes that, the write
// phase is the renames.
func generate(ctx context.Context, tree *model.Tree, opts Options, outs []outdir.Output, res *Result, clock *stopwatch, digests bool) ([][]outdir.Digest, error) {
	staged, err := outdir.Stage(tree, outs, outdir.StageOptions{Check: opts.Check, Digests: digests})
	var genErr *outdir.GenerateError
	if errors.As(err, &genErr) {
		// Problems of the IDL that a backend found are diagnostics like the loader's.
		wd, _ := os.Getwd()
		if diags, ok := gen.DiagnosticsOf(genErr.Err, wd); ok {
			return nil, diags
		}
		return nil, &GenerateError{genErr.Err}
	}
	if err != nil {
		return nil, err
	}
	defer staged.Discard()
	if err := outsideIDL(opts.IDL, outs, staged); err != nil {
		return nil, &GenerateError{err}
	}
	clock.lap("generate")
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if opts.Check {
		diff := opts.Diff
		if diff == nil {
			diff = io.Discard
		}
		res.Report, err = staged.Check(diff)
		clock.lap("check")
	} else {
		res.Report, err = staged.Commit()
		clock.lap("write")
	}
	if err != nil || !digests {
		return nil, err
	}
	return staged.Digests(), nil
}
