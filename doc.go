// Package cidlc is one run of cidlc, as a library call: what the command does, for a test or another
// tool that wants it in-process.
//
//	res, err := cidlc.Run(ctx, cidlc.Options{IDL: "idl", Pack: "pack", Provider: "provider"})
//
// A run is a pipeline. Each step is another package's job; this one only puts them in order (Run reads
// as the list below, one method of a run per step), and holds what spans them:
//
//	start: the outputs, their lock (shared for --check),  internal/run/outlock
//	  and a look at the last run's stamp, in background   internal/run/uptodate
//	upToDateUnloaded: the stamp's inputs as they were?    internal/run/uptodate
//	  → done, without a load
//	readPrevious: the previous version's files            idl/previous
//	load: go/packages, the Go errors of the sources       idl/load (LoadPackages)
//	upToDateLoaded: the stamp current for these sources?  internal/run/uptodate
//	  → done (a comparison still needs the model)
//	buildModel: validate the IDL, build the model         idl/load → idl/model
//	compareWithPrevious                                   idl/previous → idl/breaking
//	generate: every backend at once, each file compared   outdir.Stage → gen/typescript, gen/gostub,
//	  with the disk and staged as it comes                  gen/pulumischema
//	  then write (rename the staged files), or diffs      outdir (Staged.Commit, Staged.Check)
//	  then stamp what the outputs now hold                internal/run/uptodate
//	validateSnapshots: against the model                  snapshot
//
// Nothing is written unless the IDL is clean and every backend succeeded, and nothing is printed: Run
// returns what happened (Result) and why it failed (the error), and the command (internal/run/cli)
// prints them. Every path in them is relative to the working directory, as messages show it. The zero
// Options write nothing outside the output directories: the up-to-date cache is a directory a caller
// gives (Options.Cache; the command gives UserCache()), and the memory cap a process-wide setting a
// caller asks for (Options.BoundMemory).
//
// A new option (a version for every backend, an old IDL to compare against) is a field of Options, a
// step of Run, and a field of Result; the command then adds a flag and a line that prints it. The map of
// all packages is docs/architecture.md.
package cidlc
