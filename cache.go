package cidlc

import (
	"time"

	"github.com/cidlc/cidlc/gen/outdir"
	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/internal/run/uptodate"
)

// UserCache returns the up-to-date cache the command uses, for Options.Cache: $CIDLC_CACHE, or without
// it cidlc's directory in the user cache directory (~/.cache/cidlc on Linux); "" when $CIDLC_CACHE is
// "off" or there is no user cache directory.
func UserCache() string { return uptodate.UserDir() }

// upToDate is the up-to-date cache's part in a run (package internal/run/uptodate): it may spare the run
// its load, or the IDL's validation and the backends, and it records what the outputs hold once the run
// wrote or checked them. A run whose cache is disabled (Options.Cache "") finds nothing and records
// nothing.
type upToDate struct {
	cache uptodate.Cache
	outs  []outdir.Output
	// prior is the stamp's check, started in the background while the IDL loads; nil when the run
	// needs the model whatever the stamp says (Options.Model, Options.Snapshots), and only records.
	prior *uptodate.Lookup

	loadStarted time.Time
	key         uptodate.Key
	keyed       bool // the outputs have a key for the sources loaded, and the run records their digests
	sources     *uptodate.Sources
}

// lookUp opens the cache of opts for the outputs outs, and starts looking at the stamp.
func lookUp(opts Options, outs []outdir.Output) *upToDate {
	c := &upToDate{outs: outs}
	if len(outs) == 0 {
		return c
	}
	c.cache = uptodate.Open(opts.Cache)
	if !opts.Model && len(opts.Snapshots) == 0 {
		c.prior = c.cache.Lookup(outs)
	}
	return c
}

// currentUnloaded reports whether the stamp's inputs show the outputs current without a load, and if so
// the report of the run.
func (c *upToDate) currentUnloaded(idl, name string) (outdir.Report, bool) {
	if c.prior == nil {
		return outdir.Report{}, false
	}
	report, ok := c.prior.CurrentUnloaded(c.cache, c.outs, idl, name)
	if ok {
		c.prior.Refresh(c.cache, c.outs, nil)
	}
	return report, ok
}

// loadStarts notes when the load begins: a source modified after that may not be trusted by its
// metadata.
func (c *upToDate) loadStarts() { c.loadStarted = time.Now() }

// currentLoaded keys the outputs with the sources loaded, and reports whether the stamp shows the
// outputs current for them, and if so the report of the run.
func (c *upToDate) currentLoaded(loaded *load.Loaded) (outdir.Report, bool) {
	if !c.cache.Enabled() {
		return outdir.Report{}, false
	}
	var err error
	c.key, err = c.cache.Key(loaded.Digest(), c.outs)
	c.keyed = err == nil
	c.sources = &uptodate.Sources{Digest: loaded.Digest(), Inputs: loaded.Inputs(), Started: c.loadStarted}
	if !c.keyed || c.prior == nil {
		return outdir.Report{}, false
	}
	report, ok := c.prior.Current(c.key)
	if ok {
		c.prior.Refresh(c.cache, c.outs, c.sources)
	}
	return report, ok
}

// record stamps what the outputs hold now that staged was committed (or checked, and found current).
func (c *upToDate) record(staged *outdir.Staged) {
	if c.keyed {
		c.cache.Record(c.outs, c.key, staged.Digests(), c.sources)
	}
}
