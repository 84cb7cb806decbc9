package gentest

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/testsupport/nodetest"
	"github.com/cidlc/cidlc/internal/testsupport/synth"
)

// SynthTree writes the synthetic tree of n resources that `make bench` measures (20 resources per
// package up to 1,000, then 50) into a module of its own, which takes package idl from this checkout,
// and loads it: the model the backends' benchmarks generate from.
func SynthTree(b testing.TB, n int) *model.Tree {
	b.Helper()
	packages := n / 20
	if n > 1000 {
		packages = n / 50
	}
	root, err := nodetest.ModuleRoot()
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	goMod := "module example.com/synth\n\ngo 1.26.0\n\nrequire github.com/cidlc/cidlc v0.0.0\n\nreplace github.com/cidlc/cidlc => " + root + "\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(goMod), 0o644); err != nil {
		b.Fatal(err)
	}
	idl := filepath.Join(dir, "idl")
	if err := synth.Write(idl, synth.Options{Resources: n, Packages: packages, Seed: 1, Module: "example.com/synth/idl"}); err != nil {
		b.Fatal(err)
	}
	tree, err := load.Load(load.Config{Dir: idl})
	if err != nil {
		b.Fatal(err)
	}
	return tree
}

// BenchmarkBackend runs generate, a backend, over the synthetic trees of 1,000 and 10,000 resources
// (SynthTree), each loaded once, and reports its CPU time per run (cpu-ms/op) beside the wall time.
func BenchmarkBackend(b *testing.B, generate func(*model.Tree) error) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("resources=%d", n), func(b *testing.B) {
			tree := SynthTree(b, n)
			start := CPUTime()
			for b.Loop() {
				if err := generate(tree); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(CPUTime()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
		})
	}
}

// CPUTime is the CPU time of the process so far, user and system, the garbage collector's included:
// on a machine other jobs share, it says more about a benchmark than wall time.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
