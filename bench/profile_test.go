package bench

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/cidlc/cidlc"
	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/idl/model"
)

// BenchmarkCidlc runs cidlc in-process on the tree in $CIDLC_BENCH_TREE (a tree `make bench` wrote, e.g.
// .cache/bench/synth1000, relative to the module root) into $CIDLC_BENCH_TREE.prof-out, so that
// `go test -run '^$' -bench Cidlc -cpuprofile cpu.prof ./bench/` profiles a whole run. With
// CIDLC_BENCH_CHECK=1 it runs --check of up-to-date outputs instead.
func BenchmarkCidlc(b *testing.B) {
	tree := os.Getenv("CIDLC_BENCH_TREE")
	if tree == "" {
		b.Skip("set CIDLC_BENCH_TREE to an IDL tree, relative to the module root")
	}
	b.Chdir("..")
	out := filepath.Clean(tree) + ".prof-out"
	// The command's cache: CIDLC_CACHE=off for a run without it.
	opts := cidlc.Options{IDL: tree, Pack: out + "/pack", Provider: out + "/provider", Schema: out + "/schema.json", Cache: cidlc.UserCache()}
	run := func() {
		if _, err := cidlc.Run(context.Background(), opts); err != nil {
			b.Fatal(err)
		}
	}
	if os.Getenv("CIDLC_BENCH_CHECK") == "1" {
		run()
		opts.Check = true
	}
	for b.Loop() {
		run()
	}
}

// BenchmarkModel builds the model of the tree in $CIDLC_BENCH_TREE, loaded once: the model phase
// alone, for `go test -run '^$' -bench Model -benchmem -cpuprofile cpu.prof ./bench/`. It also
// reports the memory the model keeps once the loaded packages are gone (model-MB): what stays live
// while the backends run, and what the collector goes over in each of its cycles then.
func BenchmarkModel(b *testing.B) {
	tree := os.Getenv("CIDLC_BENCH_TREE")
	if tree == "" {
		b.Skip("set CIDLC_BENCH_TREE to an IDL tree, relative to the module root")
	}
	b.Chdir("..")
	before := liveHeap()
	loaded, err := load.LoadPackages(load.Config{Dir: tree})
	if err != nil {
		b.Fatal(err)
	}
	var m *model.Tree
	for b.Loop() {
		if m, err = loaded.Model(); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	loaded = nil
	b.ReportMetric(float64(liveHeap()-before)/1e6, "model-MB")
	runtime.KeepAlive(m)
}

// liveHeap returns the bytes of the heap's live objects.
func liveHeap() uint64 {
	runtime.GC()
	var stats runtime.MemStats
	runtime.ReadMemStats(&stats)
	return stats.HeapAlloc
}
