package idlfuzz

import (
	"flag"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/cidlc/cidlc/internal/testsupport/compilecheck"
)

var (
	treesFlag = flag.Int("trees", 0, "how many random valid IDL trees TestValidTreesCompile checks (default $CIDLC_TREES, else 200)")
	seedFlag  = flag.Uint64("seed", 1, "the seed of TestValidTreesCompile's first tree; the others follow it")
)

// defaultTrees is how many trees a plain go test checks. Measured: 0.6 s of CPU a tree, most of it go
// build; 400 trees took 2m27s on two idle cores, but 300 took 9 minutes within a go test of ./internal/...
// ./idl/... ./gen/... on cores busy with other runs, close to go test's default -timeout of 10 minutes
// for the package. 200 leaves room. More: -trees=N (with a longer -timeout), or CIDLC_TREES=N for a
// whole go test ./... run.
const defaultTrees = 200

// treeCount returns -trees, else $CIDLC_TREES, else defaultTrees.
func treeCount(t *testing.T) int {
	if *treesFlag > 0 {
		return *treesFlag
	}
	if env := os.Getenv("CIDLC_TREES"); env != "" {
		n, err := strconv.Atoi(env)
		if err != nil || n < 1 {
			t.Fatalf("$CIDLC_TREES=%q: want a number of trees", env)
		}
		return n
	}
	return defaultTrees
}

// TestValidTreesCompile is the property test of the whole compiler: for random valid IDL trees (Random, seeds
// -seed, -seed+1, …), cidlc loads each without a diagnostic and generates every output, and the outputs
// compile: the Go stubs build and vet against the pinned Pulumi SDK, the TypeScript packages type-check with
// tsc --strict against the pinned @pulumi/pulumi. The compilers run once over all the trees
// (internal/testsupport/compilecheck), which is what makes hundreds of trees affordable. A failure names each
// failing tree's seed and how to check that tree alone. Under -short the outputs are not compiled.
func TestValidTreesCompile(t *testing.T) {
	n := treeCount(t)
	first := *seedFlag
	s := NewScratch(t)
	var b *compilecheck.Batch
	if !testing.Short() {
		b = compilecheck.New(t)
	}
	start := time.Now()
	seeds := map[string]uint64{}
	for i := range n {
		seed := first + uint64(i)
		name := "s" + strconv.FormatUint(seed, 10)
		seeds[name] = seed
		tree := Random(seed, s.Module(name))
		var out outcome
		ok := t.Run(name, func(t *testing.T) {
			out = runPipeline(t, s, name, tree)
			checkOutcome(t, s, name, tree, out)
		})
		if !ok {
			t.Errorf("seed %d: the tree above fails; check it alone with -run 'TestValidTreesCompile' -seed=%d -trees=1", seed, seed)
			continue
		}
		if b != nil {
			// The backends run again, for the import path the batch gives the tree's Go stubs.
			if err := b.Add(name, out.tree); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
	}
	t.Logf("%d trees (seeds %d to %d) loaded and generated in %v", n, first, first+uint64(n)-1, time.Since(start).Round(time.Millisecond))
	if b == nil {
		t.Log("-short: the outputs are not compiled")
		return
	}
	start = time.Now()
	fails := b.Check()
	t.Logf("compiled in %v", time.Since(start).Round(time.Millisecond))
	shown := 0
	for _, tree := range fails.Trees() {
		seed, ok := seeds[tree]
		if !ok {
			continue
		}
		var out string
		for _, f := range fails {
			if f.Tree == tree {
				out += f.String() + "\n"
			}
		}
		t.Errorf("seed %d: the outputs do not compile; check the tree alone with -run 'TestValidTreesCompile' -seed=%d -trees=1\n%s", seed, seed, out)
		if shown < 3 {
			t.Logf("the IDL of seed %d:\n%s", seed, Random(seed, s.Module(tree)))
			shown++
		}
	}
	for _, f := range fails {
		if _, ok := seeds[f.Tree]; !ok {
			t.Errorf("%v", f)
		}
	}
}
