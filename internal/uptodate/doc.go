// Package uptodate is cidlc's up-to-date cache. It lets the everyday run — `go generate` or `cidlc --check` on outputs that are
// already current — cost little more than loading the IDL, instead of generating every file again only
// to find it unchanged.
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
// generating anything. (The Go load itself always runs: it finds which files are the sources, and a Go error
// is reported as ever.)
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
// Stamps live in the user cache directory ($XDG_CACHE_HOME/cidlc, ~/.cache/cidlc on Linux,
// ~/Library/Caches/cidlc on macOS), one small file per set of output directories, named by a hash of
// their absolute paths. CIDLC_CACHE=off disables the cache; CIDLC_CACHE=DIR moves it. cidlc never
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
//	lookup := cache.Lookup(outs)          // in the background, while the IDL loads
//	key, err := cache.Key(loaded.Digest(), outs)
//	if report, ok := lookup.Current(key); ok {
//		lookup.Refresh(cache, outs)        // done: nothing to check, generate or write
//	}
//	… check the IDL, generate, Write or Check …
//	cache.Record(outs, key, staged.Digests()) // after a Commit, or a Check that found nothing stale
//
// The package never writes an output file and never decides what one contains.
package uptodate
