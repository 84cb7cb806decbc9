package typescript_test

import (
	"runtime"
	"sync"
	"testing"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/gen/typescript"
	"github.com/cidlc/cidlc/internal/testsupport/gentest"
)

// TestSchedulingDoesNotMatter renders a package of 400 resources in 20 directories (about 430 files) on
// one goroutine, then on eight at once, several times, and requires the same files in the same order,
// byte for byte; Stream, whose emit is called from the rendering goroutines in any order, hands over the
// same files. The modules render on up to GOMAXPROCS goroutines, each with its own renderer (a clone of
// the templates bound to its own output), so what one file holds must never depend on which goroutine
// rendered it, or on what that goroutine rendered before. Under -race it also shows that the renderers
// share nothing they write.
func TestSchedulingDoesNotMatter(t *testing.T) {
	tree := gentest.SynthTree(t, 400)
	backend := typescript.Backend{}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	want, err := backend.Generate(tree)
	if err != nil {
		t.Fatal(err)
	}
	if len(want) < 400 {
		t.Fatalf("%d files, want a package of at least 400 for the goroutines to share", len(want))
	}
	runtime.GOMAXPROCS(8) // more goroutines than this machine's cores: they interleave
	for run := range 3 {
		got, err := backend.Generate(tree)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("run %d: %d files on 8 goroutines, %d on one", run, len(got), len(want))
		}
		for i := range want {
			if got[i].Path != want[i].Path {
				t.Fatalf("run %d: file %d is %s on 8 goroutines, %s on one", run, i, got[i].Path, want[i].Path)
			}
			if string(got[i].Content) != string(want[i].Content) {
				t.Errorf("run %d: %s differs on 8 goroutines from what one renders", run, got[i].Path)
			}
		}
	}
	var mu sync.Mutex
	streamed := map[string]string{}
	err = backend.Stream(tree, func(f *gen.File) {
		mu.Lock()
		defer mu.Unlock()
		streamed[f.Path] = string(f.Content)
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(streamed) != len(want) {
		t.Errorf("Stream on 8 goroutines emitted %d files, Generate on one returns %d", len(streamed), len(want))
	}
	for _, f := range want {
		if streamed[f.Path] != string(f.Content) {
			t.Errorf("%s: streamed on 8 goroutines, it differs from what one renders", f.Path)
		}
	}
}
