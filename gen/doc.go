// Package gen is what a backend implements: the contract between the model and a code generator. A
// backend (gen/typescript, gen/gostub, gen/pulumischema) turns a model into files in memory (Backend,
// File, and Streamer for one that hands them over as it goes); it writes each source file's first line
// (Header), names what it makes up beside the author's names (Names), pins the release a run generates
// for (Release), and reports the problems of the IDL that only it can see as the loader's Diagnostics.
// Join makes two backends one, for outputs that share a directory.
//
// What writes the files, compares them with the disk and owns them there is package gen/outdir, which
// imports this one. A backend imports gen and never gen/outdir: it decides what a file contains, never
// where or whether it is written, and never touches the disk.
package gen
