// Package cidlc is one run of cidlc, as a library call: what the command does, for a test or another
// tool that wants it in-process.
//
//	res, err := cidlc.Run(ctx, cidlc.Options{IDL: "idl", Pack: "pack", Provider: "provider"})
//
// A run is a pipeline. Each step is another package's job; this one only puts them in order, and holds
// what spans them:
//
//	lock the output directories (shared for --check)   internal/run/outlock
//	look up the last run's stamp, in the background    internal/run/uptodate
//	  stamp's inputs as they were? → done, unloaded    internal/run/uptodate
//	load the IDL's sources: go/packages, Go errors     idl/load (LoadPackages)
//	  stamp current for these sources? → done          internal/run/uptodate
//	  (read the previous version, in the background)   idl/previous
//	validate the IDL, build the model                  idl/load → idl/model
//	compare with the previous version                  idl/previous → idl/breaking
//	generate: every backend at once, each file         gen (Stage) → gen/typescript, gen/gostub,
//	  compared with the disk and staged as it comes      gen/pulumischema
//	write (rename the staged files), or (Check) diffs  gen (Staged.Commit, Staged.Check)
//	stamp what the outputs now hold                    internal/run/uptodate
//	validate the snapshots against the model           snapshot
//
// Nothing is written unless the IDL is clean and every backend succeeded, and nothing is printed: Run
// returns what happened (Result) and why it failed (the error), and the command (internal/run/cli) prints
// them. Every path in them is relative to the working directory, as messages show it.
//
// A new option (a version for every backend, an old IDL to compare against) is a field of Options, a
// step of Run, and a field of Result; the command then adds a flag and a line that prints it. The map of
// all packages is docs/architecture.md.
package cidlc
