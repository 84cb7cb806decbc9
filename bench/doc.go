// Package bench holds cidlc's end-to-end benchmark harness (cmd/cidlcbench, run by `make bench`) and the
// floor it is measured against (cmd/loadfloor): a program that does nothing but the one packages.Load
// that idl/load does, so that the table shows what cidlc costs beyond loading the IDL. See BENCHMARKS.md.
package bench
