package typescript_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/cidlc/cidlc/gen/typescript"
	"github.com/cidlc/cidlc/internal/testsupport/gentest"
)

// BenchmarkGenerate generates the package of the synthetic trees `make bench` measures (20 resources per
// package up to 1,000, then 50), loaded once: the TypeScript backend alone, for
// `go test -run '^$' -bench Generate -cpuprofile cpu.prof ./gen/typescript/`.
func BenchmarkGenerate(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("resources=%d", n), func(b *testing.B) {
			tree := gentest.SynthTree(b, n)
			start := gentest.CPUTime()
			for b.Loop() {
				if _, err := (typescript.Backend{}).Generate(tree); err != nil {
					b.Fatal(err)
				}
			}
			// On a machine other jobs share, CPU time says more than wall time.
			b.ReportMetric(float64(gentest.CPUTime()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
		})
	}
}
