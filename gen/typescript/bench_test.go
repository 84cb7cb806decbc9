package typescript_test

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/cidlc/cidlc/gen/typescript"
	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/nodetest"
	"github.com/cidlc/cidlc/internal/synth"
)

// BenchmarkGenerate generates the package of the synthetic trees `make bench` measures (20 resources per
// package up to 1,000, then 50), loaded once: the TypeScript backend alone, for
// `go test -run '^$' -bench Generate -cpuprofile cpu.prof ./gen/typescript/`.
func BenchmarkGenerate(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("resources=%d", n), func(b *testing.B) {
			packages := n / 20
			if n > 1000 {
				packages = n / 50
			}
			tree := synthTree(b, n, packages)
			start := cpuTime()
			for b.Loop() {
				if _, err := (typescript.Backend{}).Generate(tree); err != nil {
					b.Fatal(err)
				}
			}
			// On a machine other jobs share, CPU time says more than wall time.
			b.ReportMetric(float64(cpuTime()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
		})
	}
}

// cpuTime is the CPU time of the process so far, user and system, the garbage collector's included.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// synthTree writes a synthetic tree of n resources in packages into a module of its own, which takes
// package idl from this checkout, and loads it.
func synthTree(b *testing.B, n, packages int) *model.Tree {
	b.Helper()
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
