package idlfuzz

import (
	"testing"
)

// FuzzPipeline turns fuzz input into an IDL tree (FromBytes) and runs cidlc's pipeline on it in memory:
// load, check, and generate the TypeScript package, the Go stubs and the schema. cidlc must report
// diagnostics that each point into the tree, or generate outputs that parse and are deterministic; it
// must never panic or hang; and a strict tree (one the generator promises valid) must give outputs.
// Seeds are in testdata/fuzz/FuzzPipeline; they run in every go test.
func FuzzPipeline(f *testing.F) {
	s := NewScratch(f)
	for _, seed := range [][]byte{
		nil,          // the smallest strict tree: one resource
		{1},          // the smallest loose one
		{0, 3, 2, 1}, // a few packages
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tree := FromBytes(data, s.Module("t"))
		checkOutcome(t, s, "t", tree, runPipeline(t, s, "t", tree))
	})
}
