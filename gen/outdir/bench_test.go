package outdir_test

import (
	"fmt"
	"io"
	"testing"

	"github.com/cidlc/cidlc/gen/outdir"
	"github.com/cidlc/cidlc/internal/testsupport/gentest"
)

// upToDate returns the results for an IDL of 2,000 files in 40 modules (2,040 generated files), already
// written, in a fresh working directory.
func upToDate(b *testing.B) []outdir.Result {
	b.Chdir(b.TempDir())
	var paths []string
	for i := range 2000 {
		paths = append(paths, fmt.Sprintf("module%02d/resource%04d.go", i%40, i))
	}
	results := gentest.Generate(b, "pack", paths...)
	gentest.Write(b, results)
	return results
}

// BenchmarkWriteUpToDate is `cidlc` when nothing changed: it reads every file and writes none.
func BenchmarkWriteUpToDate(b *testing.B) {
	results := upToDate(b)
	for b.Loop() {
		if r, err := outdir.Write(results); err != nil || len(r.Written) > 0 {
			b.Fatal(r, err)
		}
	}
}

// BenchmarkCheckUpToDate is `cidlc --check` when nothing changed. It should cost about what
// BenchmarkWriteUpToDate costs: both plan the same way, and there is nothing to diff.
func BenchmarkCheckUpToDate(b *testing.B) {
	results := upToDate(b)
	for b.Loop() {
		if r, err := outdir.Check(results, io.Discard); err != nil || r.Stale() {
			b.Fatal(r, err)
		}
	}
}

// BenchmarkWriteFresh is `cidlc` into an empty output directory: 2,040 files and their directories
// created.
func BenchmarkWriteFresh(b *testing.B) {
	results := upToDate(b)
	n := 0
	for b.Loop() {
		b.StopTimer()
		n++
		fresh := append([]outdir.Result(nil), results...)
		for i := range fresh {
			fresh[i].Dir = fmt.Sprintf("fresh%d", n)
		}
		b.StartTimer()
		if r, err := outdir.Write(fresh); err != nil || len(r.Written) != 2041 {
			b.Fatal(len(r.Written), err)
		}
	}
}
