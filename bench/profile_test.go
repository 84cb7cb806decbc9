package bench

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/cidlc/cidlc/internal/cli"
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
	args := []string{tree, "--out-pack=" + out + "/pack", "--out-provider=" + out + "/provider",
		"--out-schema=" + out + "/schema.json"}
	if os.Getenv("CIDLC_BENCH_CHECK") == "1" {
		if status := cli.Main(args, io.Discard, os.Stderr); status != cli.ExitOK {
			b.Fatal("exit", status)
		}
		args = append(args, "--check")
	}
	for b.Loop() {
		if status := cli.Main(args, io.Discard, os.Stderr); status != cli.ExitOK {
			b.Fatal("exit", status)
		}
	}
}
