package typescript_test

import (
	"sync/atomic"
	"testing"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/gen/typescript"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/testsupport/gentest"
)

// BenchmarkGenerate generates the package of the synthetic trees `make bench` measures (20 resources per
// package up to 1,000, then 50), loaded once: the TypeScript backend alone, for
// `go test -run '^$' -bench Generate -cpuprofile cpu.prof ./gen/typescript/`.
func BenchmarkGenerate(b *testing.B) {
	gentest.BenchmarkBackend(b, func(tree *model.Tree) error {
		_, err := (typescript.Backend{}).Generate(tree)
		return err
	})
}

// BenchmarkStream streams the same packages as a run of cidlc takes them (outdir.Stage): each file is handed
// over and dropped, so that what the backend keeps of its files, or does not, shows.
func BenchmarkStream(b *testing.B) {
	var size atomic.Int64
	gentest.BenchmarkBackend(b, func(tree *model.Tree) error {
		return (typescript.Backend{}).Stream(tree, func(f *gen.File) { size.Add(int64(len(f.Content))) })
	})
}
