// Package outdir applies what the backends generate (package gen) to output directories: it compares
// each file with the disk, stages and writes it, or (--check) shows its diff, and owns only the files
// cidlc generated there (the manifest). It is the only part of cidlc's generation that touches the disk;
// the backends never import it.
//
// A run generates and writes in one go:
//
//	staged, err := outdir.Stage(tree, []outdir.Output{{Dir: "pack", Backend: ts}, {Dir: "provider", Backend: stubs}}, outdir.StageOptions{})
//	report, err := staged.Commit()               // or, in CI, with StageOptions{Check: true}:
//	report, err := staged.Check(os.Stdout)       // report.Stale() → exit 1
//
// Stage runs every backend at once and takes each file as soon as it is generated (a gen.Streamer hands them
// over one by one; a file may even be written a piece at a time, gen.File.Write): it compares the file with
// the disk, reading each existing file once, and stages what must be written in a hidden staging directory of
// its output directory; then it keeps only the file's path and digest. So a run never holds all of a large
// output in memory, and the disk is written while the backends still generate. Nothing in the output
// directories changes before Commit: if any backend fails, or any file in the way is not cidlc's, Stage
// removes what it staged and fails, so a broken backend never leaves a half-written tree. Commit renames the
// staged files into place, and each missing directory, staged whole, at once. Generate, Write and Check do
// the same steps for file sets held in memory (tests, tools).
//
// # Ownership
//
// cidlc owns exactly the files it generated, and it never overwrites or deletes any other file: generated
// stubs live beside hand-written code in the same directories. A file is owned when
//   - its first line is [gen.Header], or
//   - it is listed in its output directory's manifest ([ManifestName]) as having no header: formats such
//     as package.json cannot carry a comment.
//
// The manifest lists every path generated into its output directory, one slash path per line, sorted. It
// is how files that are no longer generated are found without walking the tree (pack/node_modules alone can
// hold tens of thousands of files). It starts with the header, so it is owned like any other generated file.
// A listed file with a header is deleted only while it still starts with the header: deleting that line
// hands the file over to its author. A file cidlc does not own at a path it must write is an error naming
// the path, and nothing at all is written. The whole design, and what a user does about each error, is in
// docs/ownership.md.
//
// # Writing
//
// A file whose bytes are already right is not written, so its modification time stays and make, tsc
// --incremental and the go build cache stay warm. A changed file is written to a temporary file in the
// staging directory and renamed over the old one: a reader, an interrupted run or a failed disk sees the old
// or the new content, never a truncated file. There is no fsync: on this kind of machine it more than doubles
// the cost of writing a file (0.13 ms to 0.31 ms, measured), generated files can always be generated again,
// and ext4 flushes a file renamed over another one anyway. Owned files that are no longer generated are
// deleted, then the directories that this leaves empty; never the output directory itself.
//
// Write and Check take no lock: a run that may meet another on the same output directories holds their
// lock (package internal/run/outlock) around its whole use of them, Write or Check included.
//
// Output paths never leave their output directory: absolute paths and ".." are rejected, a directory on the
// way that is a symbolic link must resolve inside the output directory, and a symbolic link at a file's own
// path is never written through or replaced.
//
// Backends never touch the disk; outdir never decides what a file contains. Messages name paths relative to
// the working directory, and Check's diffs name them a/PATH and b/PATH, so that `git apply` and
// `patch -p1` apply them from there.
package outdir
