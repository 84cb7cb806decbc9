package pulumischema_test

import (
	"io"
	"testing"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/gen/pulumischema"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/testsupport/gentest"
)

// BenchmarkGenerate writes the schema of the synthetic trees `make bench` measures, loaded once, as cidlc
// writes it: streamed (gen.File.Write), here into io.Discard. The schema backend alone, for
// `go test -run '^$' -bench Generate -benchmem -cpuprofile cpu.prof ./gen/pulumischema/`.
func BenchmarkGenerate(b *testing.B) {
	backend := pulumischema.Backend{Options: pulumischema.Options{GoImportPath: "example.com/synth/sdk/go/synth", NPMPackage: "@example/synth"}}
	gentest.BenchmarkBackend(b, func(tree *model.Tree) error {
		var err error
		streamErr := backend.Stream(tree, func(f *gen.File) { err = f.Write(io.Discard) })
		if streamErr != nil {
			return streamErr
		}
		return err
	})
}
