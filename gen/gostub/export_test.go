package gostub

import (
	"bytes"
	"strconv"
	"testing"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/gen/gostub/internal/layout"
	"github.com/cidlc/cidlc/idl/model"
)

// A StubText is a stub file as package layout reads it: jennifer's unformatted text, its doc comments
// marks (layout.Comments), and the groups the marks stand for, each its lines, separated by blank lines
// (a group has none). FuzzLayout and BenchmarkLayout read them.
type StubText struct {
	Path        string
	Src, Groups []byte
}

// StubTexts renders the stub files of tree for the output directory of import path importPath, as the
// backend does before it lays them out.
func StubTexts(tb testing.TB, tree *model.Tree, importPath string, release gen.Release) []StubText {
	tb.Helper()
	names, imports := exportedNames(tree), newTreeImports(importPath, tree)
	var texts []StubText
	for _, pkg := range tree.Packages {
		g := newPackageGen(release, pkg, names, imports)
		for _, f := range pkg.Files {
			name := stubPath(f.Path)
			src, err := g.stubFile(f, name)
			if err != nil {
				tb.Fatal(err)
			}
			texts = append(texts, StubText{Path: name, Src: bytes.Clone(src), Groups: groups(&g.comments)})
		}
		g.releaseBuffers()
	}
	return texts
}

// groups returns the groups of cs, separated by blank lines: each mark's expansion in turn, up to the
// first number that is no group's (a mark is "//\x00" and the group's number: see layout.Comments).
func groups(cs *layout.Comments) []byte {
	var all []byte
	for n := 0; ; n++ {
		mark := []byte("//\x00" + strconv.Itoa(n))
		group := cs.Expand(mark)
		if bytes.Equal(group, mark) {
			return all
		}
		if n > 0 {
			all = append(all, "\n\n"...)
		}
		all = append(all, group...)
	}
}
