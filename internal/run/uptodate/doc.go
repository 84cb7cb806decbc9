// Package uptodate is cidlc's up-to-date cache. It lets the everyday run — `go generate` or `cidlc --check`
// on outputs that are already current — cost less than even loading the IDL, instead of generating every
// file again only to find it unchanged.
//
// After a run that leaves its outputs current (a Write, or a Check that found nothing stale), cidlc
// records a stamp: a key and, for every file of every output (manifests included), its path, its
// SHA-256 and its inode metadata (size, modification and change times, inode number), like git's index.
// The key is the SHA-256 of
//
//   - the identity of the cidlc executable (its Go build ID, which changes whenever any source of cidlc
//     or of a dependency, or the Go toolchain, does; where none can be read, the executable's SHA-256),
//   - every output's absolute directory and its backend's Key (the options that shape its files), and
//   - the digest of the IDL's sources (load.Loaded.Digest): every Go file the load parsed, by path and
//     content, with its package's identity and module, and the loader's options.
//
// The model is a function of the sources and the loader's options, and a backend's files are a function of
// the model and the backend's options: backends are deterministic and read nothing else (gen.Backend,
// gen.Keyer). So when the next run computes the same key, its model would pass the IDL checks again and
// generate the very files the stamp lists; if the disk still holds them, that run would write nothing, remove
// nothing and report every file unchanged, and the cache lets it say so without checking the IDL or
// generating anything.
//
// # Without the load
//
// Computing the key needs the digest, and so the Go load, which runs the go command and type-checks the
// IDL: most of an up-to-date run's cost. So the stamp also records the digest it was made of, and what
// decides which sources a load parses besides their content (load.Loaded.Inputs):
//
//   - every file the load parsed (the IDL's and those of the packages it imports, such as package idl
//     from the module cache or a replaced module), with the SHA-256 of what was parsed;
//   - the Go files that build constraints left out of the loaded packages, and their other files (a
//     constraint edited away brings a file in), the go.mod, go.sum, go.work and vendor/modules.txt files
//     the go command reads, by content;
//   - every loaded package's directory and every directory of the IDL tree that ./... may match, by
//     their metadata, which changes with their entries (a new file, a new package, a new go.mod);
//   - the files whose appearance would change the load (a go.work in the IDL directory or above it, a
//     go.mod between it and its module's root, a go.sum), as absent;
//   - the environment's digest (environment): the load's options (the IDL root with its links resolved,
//     the package name), every GO* and CGO_* variable (GOFLAGS and its build tags, GOOS, GOARCH, GOWORK,
//     GOTOOLCHAIN, GOPACKAGESDRIVER …) and CC, CXX, PATH, HOME and XDG_CONFIG_HOME, the go command found
//     on PATH (its path and metadata: another Go release is another file), and the settings files it
//     reads (its GOROOT's go.env and VERSION, the user's go env file).
//
// A run whose outputs, inputs and environment are all as the stamp records knows that a load would parse
// the very sources whose digest the stamp holds, computes the key from that digest, and, if it is the
// stamp's, reports every file unchanged without asking the go command anything (Lookup.CurrentUnloaded).
// Dependencies in the module cache are immutable for a version, and their versions are in the go.mod and
// go.sum files among the inputs. The same care for racy files applies: a source is trusted by its
// metadata only if it was last modified more than racyWindow before the load began, else by its content
// (its digest is what the load parsed); any other input modified since then (read now, it might not be
// what the go command read), or a file recorded absent that appeared, makes the stamp record no inputs
// at all, and the next run loads. Where the inputs prove nothing, or something differs, the run loads
// the IDL as ever (a Go error is reported as ever) and compares the key; when the key is the stamp's, it
// records the inputs again (Lookup.Refresh), so that the run after it need not load. GOFLAGS naming files
// of its own (-overlay, -modfile), or a system without inode metadata (fileMeta), turn this off.
//
// "Still holds them" is checked for every file: by its metadata where it is unchanged since the stamp
// (one lstat), by its content's SHA-256 otherwise. Metadata alone is trusted only for files last
// modified more than racyWindow (3 s) before the stamp was taken, since an edit in the same clock tick as
// cidlc's own write could leave size and times as they were (git's "racily clean" problem). Every
// directory on the way must still be a directory, not a symbolic link, and each file a regular file
// (not a link). Anything else — no stamp, another key, one file or directory not as recorded, an
// unreadable stamp — and cidlc takes the ordinary path: generate, then compare every file. A wrong
// stamp can therefore only cost time, never hide a stale file.
//
// The command's stamps live in the user cache directory ($XDG_CACHE_HOME/cidlc, ~/.cache/cidlc on
// Linux, ~/Library/Caches/cidlc on macOS; UserDir), one small file per set of output directories, named
// by a hash of their absolute paths. CIDLC_CACHE=off disables the cache; CIDLC_CACHE=DIR moves it. A
// library caller has no cache unless it names a directory (cidlc.Options.Cache). cidlc never
// reads or writes any other file for it, and a failure to write a stamp is not an error: the next run
// is merely slower. Stamps are not part of the generated code and do not belong in git; a fresh
// checkout (a CI machine) has none, and its first run takes the ordinary path.
//
// # The run's part
//
// A run uses the cache in this order, and holds the lock of its output directories (package outlock)
// from the first step to the last, so that no other run writes them between the look at the disk and
// the stamp that records it:
//
//	lookup := cache.Lookup(outs)          // in the background
//	if report, ok := lookup.CurrentUnloaded(cache, outs, idl, name); ok {
//		lookup.Refresh(cache, outs, nil)   // done: nothing to load, check, generate or write
//	}
//	… load the IDL (sources: its digest, inputs and the time the load began) …
//	key, err := cache.Key(loaded.Digest(), outs)
//	if report, ok := lookup.Current(key); ok {
//		lookup.Refresh(cache, outs, sources) // done: nothing to check, generate or write
//	}
//	… check the IDL, generate, Write or Check …
//	cache.Record(outs, key, staged.Digests(), sources) // after a Commit, or a Check that found nothing stale
//
// The package never writes an output file and never decides what one contains.
package uptodate
