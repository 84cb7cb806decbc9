package gostub_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/cidlc/cidlc/gen/gostub"
	"github.com/cidlc/cidlc/internal/testsupport/gentest"
)

// BenchmarkGenerate generates the stubs of the synthetic trees `make bench` measures, loaded once: the
// Go backend alone, for `go test -run '^$' -bench Generate -benchmem -cpuprofile cpu.prof ./gen/gostub/`.
func BenchmarkGenerate(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("resources=%d", n), func(b *testing.B) {
			tree := gentest.SynthTree(b, n)
			backend := gostub.New(gostub.Options{ImportPath: "example.com/synth/provider"})
			start := gentest.CPUTime()
			for b.Loop() {
				if _, err := backend.Generate(tree); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(gentest.CPUTime()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
		})
	}
}
