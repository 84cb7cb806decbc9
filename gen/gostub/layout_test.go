package gostub_test

import (
	"bytes"
	"go/format"
	"go/parser"
	"go/token"
	"path/filepath"
	"testing"
	"time"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/gen/gostub"
	"github.com/cidlc/cidlc/gen/gostub/internal/layout"
	"github.com/cidlc/cidlc/gen/textdiff"
	"github.com/cidlc/cidlc/internal/base/gomod"
	"github.com/cidlc/cidlc/internal/testsupport"
	"github.com/cidlc/cidlc/internal/testsupport/gentest"
	"github.com/cidlc/cidlc/internal/testsupport/idlfuzz"
)

// comments returns the groups of t as layout.Comments, and false when one breaks Comments.Add's rule
// (whole-line comments, each starting with //).
func comments(t gostub.StubText) (*layout.Comments, bool) {
	var cs layout.Comments
	if len(t.Groups) == 0 {
		return &cs, true
	}
	for group := range bytes.SplitSeq(t.Groups, []byte("\n\n")) {
		for line := range bytes.SplitSeq(group, []byte("\n")) {
			if !bytes.HasPrefix(line, []byte("//")) {
				return nil, false
			}
		}
		cs.Add(nil, group)
	}
	return &cs, true
}

// goldenStubTexts are the stub texts of every golden case that holds provider/ and of the example.
func goldenStubTexts(tb testing.TB) []gostub.StubText {
	tb.Helper()
	var texts []gostub.StubText
	for _, c := range testsupport.GoldenCases(tb, goldenRoot, testsupport.Provider) {
		texts = append(texts, dirStubTexts(tb, c.Path("idl"), c.Expected(testsupport.Provider), gentest.Release(tb, c))...)
	}
	return append(texts, exampleStubTexts(tb)...)
}

// exampleStubTexts are the stub texts of the example provider.
func exampleStubTexts(tb testing.TB) []gostub.StubText {
	release := gentest.Release(tb, testsupport.GoldenCase{Name: "examples", Dir: filepath.Dir(exampleIDL)})
	return dirStubTexts(tb, exampleIDL, exampleProvider, release)
}

// dirStubTexts are the stub texts of the IDL in idlDir for the output directory outDir.
func dirStubTexts(tb testing.TB, idlDir, outDir string, release gen.Release) []gostub.StubText {
	tb.Helper()
	importPath, err := gomod.ImportPath(outDir)
	if err != nil {
		tb.Fatal(err)
	}
	return gostub.StubTexts(tb, loadIDL(tb, idlDir), importPath, release)
}

// synthStubTexts are the stub texts of the synthetic tree of n resources that `make bench` measures.
func synthStubTexts(tb testing.TB, n int) []gostub.StubText {
	tb.Helper()
	return gostub.StubTexts(tb, gentest.SynthTree(tb, n), "example.com/synth/provider", gen.Release{})
}

// randomStubTexts are the stub texts of random strict IDL trees (package idlfuzz), which use every
// construct of the IDL.
func randomStubTexts(tb testing.TB, seeds ...uint64) []gostub.StubText {
	tb.Helper()
	s := idlfuzz.NewScratch(tb)
	var texts []gostub.StubText
	for _, seed := range seeds {
		tree, err := s.Load("t", idlfuzz.Random(seed, s.Module("t")))
		if err != nil {
			tb.Fatalf("random tree %d: %v", seed, err)
		}
		texts = append(texts, gostub.StubTexts(tb, tree, "example.com/fuzz/provider", gen.Release{})...)
	}
	return texts
}

// FuzzLayout lays out stub-shaped files with package layout and with go/format: layout must give
// go/format's bytes or refuse, never other bytes, whether the doc comments are marks or in the text.
// The seeds are the stubs of the golden cases, of the example, of a synthetic tree and of random IDL
// trees, as jennifer writes them; the fuzzer mutates their text and their comment groups.
func FuzzLayout(f *testing.F) {
	var seeds []gostub.StubText
	seeds = append(seeds, goldenStubTexts(f)...)
	seeds = append(seeds, synthStubTexts(f, 100)...)
	seeds = append(seeds, randomStubTexts(f, 1, 2, 3)...)
	for _, s := range seeds {
		f.Add(s.Src, s.Groups)
	}
	f.Fuzz(func(t *testing.T, src, groups []byte) {
		marks, ok := comments(gostub.StubText{Src: src, Groups: groups})
		if !ok {
			t.Skip("not comment groups")
		}
		whole := marks.Expand(src)
		want, formatErr := format.Source(whole)
		for _, in := range []struct {
			name  string
			src   []byte
			marks *layout.Comments
		}{{"with marks", src, marks}, {"comments in the text", whole, nil}} {
			got, refused := layout.Source(nil, in.src, in.marks)
			switch {
			case refused != nil:
			case formatErr != nil:
				t.Errorf("%s: laid out what go/format cannot (%v):\n%s", in.name, formatErr, got)
			case !bytes.Equal(got, want):
				t.Errorf("%s: laid out unlike go/format:\n%s", in.name, textdiff.Unified("gofmt", "layout", want, got))
			}
		}
	})
}

// BenchmarkLayout lays out the stubs of the example and of the synthetic tree of 1,000 resources, an
// op all the files of a tree, with package layout and with go/format: the speed-up package layout is
// for (docs/gostub.md). go/parser alone, the least a check of layout's work with the standard library
// would cost, is measured beside them. CPU time per op (cpu-ms/op) says more than wall time on a
// machine that other jobs share.
//
//	go test -run '^$' -bench Layout -benchmem ./gen/gostub/
func BenchmarkLayout(b *testing.B) {
	for _, tree := range []struct {
		name  string
		texts func(testing.TB) []gostub.StubText
	}{
		{"examples", exampleStubTexts},
		{"synth1000", func(tb testing.TB) []gostub.StubText { return synthStubTexts(tb, 1000) }},
	} {
		b.Run("tree="+tree.name, func(b *testing.B) {
			type input struct {
				src, whole []byte
				marks      *layout.Comments
			}
			var inputs []input
			var size int64
			for _, t := range tree.texts(b) {
				marks, _ := comments(t)
				in := input{src: t.Src, whole: marks.Expand(t.Src), marks: marks}
				inputs = append(inputs, in)
				size += int64(len(in.whole))
			}
			run := func(name string, f func(in input) error) {
				b.Run(name, func(b *testing.B) {
					b.SetBytes(size)
					start := gentest.CPUTime()
					for b.Loop() {
						for _, in := range inputs {
							if err := f(in); err != nil {
								b.Fatal(err)
							}
						}
					}
					b.ReportMetric(float64(gentest.CPUTime()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
				})
			}
			var dst []byte
			run("layout", func(in input) (err error) {
				dst, err = layout.Source(dst[:0], in.src, in.marks)
				return err
			})
			run("go-format", func(in input) error {
				_, err := format.Source(in.whole)
				return err
			})
			run("go-parser", func(in input) error {
				_, err := parser.ParseFile(token.NewFileSet(), "", in.whole, parser.ParseComments|parser.SkipObjectResolution)
				return err
			})
		})
	}
}
