package gostub_test

import (
	"testing"

	"github.com/cidlc/cidlc/gen"
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

// BenchmarkStream streams the same stubs, as a run does (outdir.Stage), to an emit that keeps nothing:
// what the backend costs a run, where Generate also pays for the files it hands out.
func BenchmarkStream(b *testing.B) {
	backend := gostub.New(gostub.Options{ImportPath: "example.com/synth/provider"})
	gentest.BenchmarkBackend(b, func(tree *model.Tree) error {
		return backend.Stream(tree, func(*gen.File) {})
	})
}
