package typescript_test

import (
	"testing"

	"github.com/cidlc/cidlc/gen/textdiff"
	"github.com/cidlc/cidlc/gen/typescript"
	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/testsupport/gentest"
	"github.com/cidlc/cidlc/internal/testsupport/idlfuzz"
)

// The executor of the templates (execute.go) must write what text/template's Execute writes, for every
// template and every view. These tests generate packages with both and compare them byte for byte. (Not
// in parallel: the executor is chosen for the whole package.)

// TestExecutorMatchesTextTemplate compares the packages of every golden case and of a synthetic tree of
// 200 resources.
func TestExecutorMatchesTextTemplate(t *testing.T) {
	matchesTextTemplate(t, "synth200", typescript.Backend{}, gentest.SynthTree(t, 200))
	for _, c := range packCases(t) {
		tree, err := load.Load(load.Config{Dir: c.Path("idl")})
		if err != nil {
			t.Fatal(err)
		}
		matchesTextTemplate(t, c.Name, typescript.Backend{Release: gentest.Release(t, c)}, tree)
	}
}

// FuzzExecutor compares the packages of the random IDL trees of internal/testsupport/idlfuzz (those that load; what
// cidlc reports of the others is FuzzPipeline's business).
func FuzzExecutor(f *testing.F) {
	s := idlfuzz.NewScratch(f)
	for _, seed := range [][]byte{nil, {1}, {0, 3, 2, 1}} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tree, err := s.Load("t", idlfuzz.FromBytes(data, s.Module("t")))
		if err != nil {
			return
		}
		matchesTextTemplate(t, "the tree", typescript.Backend{}, tree)
	})
}

// matchesTextTemplate generates the package of tree with both executors and reports every file that
// differs, as a diff from what text/template wrote.
func matchesTextTemplate(t *testing.T, name string, backend typescript.Backend, tree *model.Tree) {
	t.Helper()
	got, err := backend.Generate(tree)
	restore := typescript.UseTextTemplate()
	want, refErr := backend.Generate(tree)
	restore()
	if (err == nil) != (refErr == nil) {
		t.Fatalf("%s: error %v; with text/template, %v", name, err, refErr)
	}
	if err != nil {
		return // the same failure, of the model: not the executor's
	}
	if len(got) != len(want) {
		t.Fatalf("%s: %d files; with text/template, %d", name, len(got), len(want))
	}
	for i := range got {
		if got[i].Path != want[i].Path || string(got[i].Content) != string(want[i].Content) {
			t.Errorf("%s: %s differs from what text/template writes:\n%s", name, got[i].Path,
				textdiff.Unified(want[i].Path+" (text/template)", got[i].Path, want[i].Content, got[i].Content))
		}
	}
}
