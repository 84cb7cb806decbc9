package gostub_test

import (
	"testing"

	"github.com/cidlc/cidlc/gen/gostub"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/testsupport/gentest"
)

// BenchmarkGenerate generates the stubs of the synthetic trees `make bench` measures, loaded once: the
// Go backend alone, for `go test -run '^$' -bench Generate -benchmem -cpuprofile cpu.prof ./gen/gostub/`.
func BenchmarkGenerate(b *testing.B) {
	backend := gostub.New(gostub.Options{ImportPath: "example.com/synth/provider"})
	gentest.BenchmarkBackend(b, func(tree *model.Tree) error {
		_, err := backend.Generate(tree)
		return err
	})
}
