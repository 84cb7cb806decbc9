package gentest

import (
	"bytes"
	"testing"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/gen/outdir"
	"github.com/cidlc/cidlc/internal/testsupport"
)

// GoldenTree is testsupport.GoldenTree for the files of a backend: it checks that dir holds exactly
// files, or with the update switch makes it so. The directory may be a real output directory
// (examples/pack, examples/provider) holding cidlc's manifest and hand-written files beside the
// generated ones: neither is cidlc's output, so only the files that would be cidlc's are compared.
//
//	for _, c := range testsupport.GoldenCases(t, "../../testdata/golden", testsupport.Pack) {
//		t.Run(c.Name, func(t *testing.T) {
//			tree := … load c.Path("idl") …
//			files, err := typescript.Backend{}.Generate(tree)
//			…
//			gentest.GoldenTree(t, c.Expected(testsupport.Pack), files)
//		})
//	}
func GoldenTree(t testing.TB, dir string, files []*gen.File) {
	t.Helper()
	tree := make([]testsupport.File, len(files))
	for i, f := range files {
		tree[i] = testsupport.File{Path: f.Path, Content: f.Content}
	}
	testsupport.GoldenTree(t, dir, tree, notCidlcs)
}

// notCidlcs reports whether a file of an output directory that the backend did not generate is not
// cidlc's: the manifest, and any file that does not start with gen.Header (cidlc would not delete it).
func notCidlcs(path string, content []byte) bool {
	return path == outdir.ManifestName || !bytes.HasPrefix(content, []byte(gen.Header))
}
