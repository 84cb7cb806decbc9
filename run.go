package cidlc

import (
	"context"
	"errors"
	"go/token"
	"io"
	"os"
	"runtime"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/gen/outdir"
	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/idl/previous"
	"github.com/cidlc/cidlc/internal/run/memcap"
	"github.com/cidlc/cidlc/internal/run/outlock"
)

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
	r := start(opts)
	defer r.finish()
	if r.upToDateUnloaded() {
		return r.res, nil
	}
	r.readPrevious()
	if err := r.load(ctx); err != nil {
		return r.res, err
	}
	if r.upToDateLoaded() && r.against == nil {
		return r.res, nil // (the comparison with a previous version needs the model)
	}
	if err := r.buildModel(); err != nil {
		return r.res, err
	}
	if err := r.compareWithPrevious(); err != nil || r.res.UpToDate {
		return r.res, err // (the outputs were current: the comparison was all there was to do)
	}
	err := r.generate(ctx)
	r.validateSnapshots()
	return r.res, err
}

// run is one Run in progress: its steps are its methods, in the order Run calls them.
type run struct {
	opts  Options
	res   *Result
	clock stopwatch

	outs   []outdir.Output
	outErr error // what is wrong with the output options, reported after the IDL's problems
	cache  *upToDate

	fset    *token.FileSet
	against *previous.Against // the previous version, with Options.BreakingAgainst
	loaded  *load.Loaded

	unlock, restoreMemory func()
}

// start turns the output options into outputs, locks their directories and has the up-to-date cache
// look at them in the background.
func start(opts Options) *run {
	r := &run{opts: opts, res: &Result{}, fset: token.NewFileSet(), unlock: func() {}, restoreMemory: func() {}}
	r.clock = startStopwatch(&r.res.Phases)
	// A problem with the output options is reported after the IDL's, which are checked either way.
	r.outs, r.outErr = opts.outputs()
	for _, out := range r.outs {
		r.res.Outputs = append(r.res.Outputs, out.Dir)
	}
	if len(r.outs) > 0 {
		// Runs on the same outputs take turns, from before the cache looks at the outputs to after it
		// records what this run leaves there.
		r.unlock = outlock.Lock(r.res.Outputs, !opts.Check)
	}
	r.cache = lookUp(opts, r.outs)
	return r
}

// finish gives the memory its limit back and lets the next run on the outputs go.
func (r *run) finish() {
	r.restoreMemory()
	r.unlock()
}

// upToDateUnloaded reports that the stamp proves the load's inputs, and with them the sources, as they
// were: the outputs are current without even a load, and nothing asks the go command.
func (r *run) upToDateUnloaded() bool {
	if r.opts.BreakingAgainst != "" {
		return false // the comparison needs the model
	}
	return r.upToDate(r.cache.currentUnloaded(r.opts.IDL, r.opts.Name))
}

// upToDateLoaded reports that the stamp shows the outputs current for the sources just loaded: they
// need neither the IDL's validation nor the backends (a comparison with the previous version still
// needs the model).
func (r *run) upToDateLoaded() bool {
	return r.upToDate(r.cache.currentLoaded(r.loaded))
}

func (r *run) upToDate(report outdir.Report, ok bool) bool {
	if ok {
		r.clock.lap("up to date")
		r.res.UpToDate, r.res.Report = true, report
	}
	return ok
}

// readPrevious starts reading the previous version's files (git runs) while the IDL loads.
func (r *run) readPrevious() {
	if r.opts.BreakingAgainst != "" {
		r.against = previous.Start(r.opts.IDL, r.opts.BreakingAgainst, r.fset)
	}
}

// load loads the IDL's packages: go/packages, and the Go errors of the sources.
func (r *run) load(ctx context.Context) error {
	r.cache.loadStarts()
	loaded, err := load.LoadPackages(load.Config{Dir: r.opts.IDL, Name: r.opts.Name, FileSet: r.fset})
	if err != nil {
		return err
	}
	r.loaded = loaded
	r.clock.lap("load")
	if r.against == nil {
		r.capMemory()
	}
	return ctx.Err()
}

// capMemory caps the memory the run may still add (package internal/run/memcap) when Options ask for
// it: after the load, or with a previous version, after the comparison, whose own load and model the
// cap from the first load alone would have made the collector chase.
func (r *run) capMemory() {
	if r.opts.BoundMemory {
		r.restoreMemory = memcap.Set()
	}
}

// buildModel validates the IDL and builds its model, while the previous version loads in its place.
func (r *run) buildModel() error {
	if r.against != nil {
		r.against.Load(r.loaded)
	}
	tree, err := r.loaded.Model()
	if err != nil {
		return err
	}
	r.res.Model = tree
	r.clock.lap("model") // the IDL's validation, which builds the model
	return nil
}

// compareWithPrevious compares the model with the previous version's, before anything is written: a
// previous version that cannot be compared fails the run.
func (r *run) compareWithPrevious() error {
	if r.against == nil {
		return nil
	}
	var err error
	r.res.Breaking, err = r.against.Compare(r.loaded, r.res.Model, r.opts.BreakingAccept)
	r.clock.lap("breaking")
	if err == nil && !r.res.UpToDate {
		r.capMemory()
	}
	return err
}

// generate runs the backends of the outputs and writes their files or, with Options.Check, compares
// them, into Result.Report; then it stamps what the outputs hold. Each file is compared with the disk,
// and staged, as soon as it is generated, and nothing is written before every backend has succeeded
// (outdir.Stage): the generate phase includes that, the write phase is the renames.
func (r *run) generate(ctx context.Context) error {
	// The loaded packages, and the previous version's, are garbage now that the model is built and
	// compared: the run lets go of them. Kept, they were most of the live heap while the backends ran
	// (260 MB against 70–100 MB at 10,000 resources), which kept the collector at the memory cap, running
	// back to back: a cold --check took 1.8 times the CPU.
	r.loaded, r.against = nil, nil
	if r.outErr != nil || len(r.outs) == 0 {
		return r.outErr
	}
	if r.opts.BoundMemory {
		// Collected before the backends start allocating, rather than by a collection begun while the
		// model was built, which keeps them for its whole cycle while generation fills the memory up to
		// the cap.
		runtime.GC()
	}
	staged, err := r.stage()
	if err != nil {
		return err
	}
	defer staged.Discard()
	r.clock.lap("generate")
	if err := ctx.Err(); err != nil {
		return err
	}
	if r.opts.Check {
		diff := r.opts.Diff
		if diff == nil {
			diff = io.Discard
		}
		r.res.Report, err = staged.Check(diff)
		r.clock.lap("check")
	} else {
		r.res.Report, err = staged.Commit()
		r.clock.lap("write")
	}
	if err != nil {
		return err
	}
	// The disk now holds the generated files: after a Commit always, after a Check when nothing is
	// stale. A run with warnings is not recorded, so that the next run, which then cannot skip the
	// IDL's validation, shows them again.
	if (!r.opts.Check || !r.res.Report.Stale()) && len(r.res.Model.Warnings) == 0 {
		r.cache.record(staged)
	}
	return nil
}

// stage runs the backends and stages their files (outdir.Stage), with the digests of the files when
// the cache records them. Problems of the IDL that a backend found are diagnostics like the loader's.
func (r *run) stage() (*outdir.Staged, error) {
	staged, err := outdir.Stage(r.res.Model, r.outs, outdir.StageOptions{Check: r.opts.Check, Digests: r.cache.keyed})
	var genErr *outdir.GenerateError
	if errors.As(err, &genErr) {
		wd, _ := os.Getwd()
		if diags, ok := gen.DiagnosticsOf(genErr.Err, wd); ok {
			return nil, diags
		}
		return nil, &GenerateError{genErr.Err}
	}
	if err != nil {
		return nil, err
	}
	if err := outsideIDL(r.opts.IDL, r.outs, staged); err != nil {
		staged.Discard()
		return nil, &GenerateError{err}
	}
	return staged, nil
}

// validateSnapshots validates the files of Options.Snapshots against the model, if there is one.
func (r *run) validateSnapshots() {
	if len(r.opts.Snapshots) > 0 {
		r.res.Snapshots = validateSnapshots(r.res.Model, r.opts)
		r.clock.lap("validate")
	}
}
