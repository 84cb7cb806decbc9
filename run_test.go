package cidlc_test

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cidlc/cidlc"
	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/gen/outdir"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/testsupport"
)

// The tests run cidlc in-process, as another tool would: one call of Run per run, no command line.

// files returns every file below dir with its content, by slash path relative to dir.
func files(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		m[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	return m
}

const golden = "testdata/golden/go_contracts"

// TestRun runs the golden case go_contracts through the whole pipeline: its files are the goldens', a
// second run finds them up to date, and --check sees an edit without changing anything.
func TestRun(t *testing.T) {
	dir := testsupport.ScratchDir(t) // inside the module: the stubs need an import path
	opts := cidlc.Options{
		IDL:      filepath.Join(golden, "idl"),
		Pack:     filepath.Join(dir, "pack"),
		Provider: filepath.Join(dir, "provider"),
		Schema:   filepath.Join(dir, "pack", "schema.json"), // shares the pack's directory
		Version:  "0.1.0",
		Cache:    t.TempDir(),
	}
	ctx := context.Background()
	res, err := cidlc.Run(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.Model == nil || res.Model.Name != "store" || res.UpToDate {
		t.Errorf("first run: model %v, up to date %v", res.Model != nil, res.UpToDate)
	}
	if !slices.Equal(res.Outputs, []string{opts.Pack, opts.Provider}) {
		t.Errorf("outputs %q, want the pack (with the schema) and the provider", res.Outputs)
	}
	if !slices.Contains(res.Report.Written, filepath.ToSlash(filepath.Join(opts.Pack, "db.ts"))) || len(res.Report.Unchanged) > 0 {
		t.Errorf("first run: report %v, written %q", res.Report, res.Report.Written)
	}
	// The pack and the schema are the golden case's files (the stubs' import path depends on where they
	// are, so they differ from the case's).
	got, want := files(t, opts.Pack), files(t, filepath.Join(golden, "pack"))
	want["schema.json"] = files(t, golden)["schema.json"]
	delete(got, outdir.ManifestName)
	for name := range got {
		if got[name] != want[name] {
			t.Errorf("pack/%s differs from the golden case's", name)
		}
	}
	if len(got) != len(want) {
		t.Errorf("pack has %d files, the golden case %d", len(got), len(want))
	}
	if stubs := files(t, opts.Provider); !strings.HasPrefix(stubs["db_stub.go"], gen.Header) || !strings.HasPrefix(stubs["net/rule_stub.go"], gen.Header) {
		t.Errorf("stubs: %d files, without db_stub.go or net/rule_stub.go", len(stubs))
	}
	if names := phaseNames(res); !slices.Equal(names, []string{"load", "model", "generate", "write"}) {
		t.Errorf("phases %q", names)
	}

	// Again: the cache finds the outputs current, and the run neither loads the IDL (its sources are
	// old enough for the stamp to prove them unchanged) nor checks it nor generates.
	res, err = cidlc.Run(ctx, opts)
	if err != nil || !res.UpToDate || res.Model != nil || len(res.Report.Written) > 0 || len(res.Report.Unchanged) == 0 {
		t.Errorf("second run: err %v, up to date %v, model %v, report %v", err, res.UpToDate, res.Model != nil, res.Report)
	}
	if names := phaseNames(res); !slices.Equal(names, []string{"up to date"}) {
		t.Errorf("second run: phases %q", names)
	}
	// Asking for the model costs the IDL checks, still writes nothing.
	withModel := opts
	withModel.Model = true
	res, err = cidlc.Run(ctx, withModel)
	if err != nil || res.UpToDate || res.Model == nil || res.Report.Stale() {
		t.Errorf("run for the model: err %v, up to date %v, model %v, report %v", err, res.UpToDate, res.Model != nil, res.Report)
	}

	// An edit by hand: Check reports it and prints its diff, and changes nothing.
	db := filepath.Join(opts.Pack, "db.ts")
	edited := strings.Replace(files(t, opts.Pack)["db.ts"], "export", "export /* edited */", 1)
	testsupport.WriteFile(t, db, edited)
	before := files(t, dir)
	var diff bytes.Buffer
	check := opts
	check.Check, check.Diff = true, &diff
	res, err = cidlc.Run(ctx, check)
	if err != nil || !res.Report.Stale() || !slices.Equal(res.Report.Written, []string{filepath.ToSlash(db)}) {
		t.Errorf("check after an edit: err %v, report %v, stale %q", err, res.Report, res.Report.Written)
	}
	if !strings.Contains(diff.String(), "export /* edited */") {
		t.Errorf("the diff does not show the edit:\n%s", diff.String())
	}
	if !maps.Equal(before, files(t, dir)) {
		t.Error("check changed the outputs")
	}
	// And a run without Check puts the file back.
	if res, err = cidlc.Run(ctx, opts); err != nil || !slices.Equal(res.Report.Written, []string{filepath.ToSlash(db)}) {
		t.Errorf("run after an edit: err %v, written %q", err, res.Report.Written)
	}

	// A new version is a new release: the cache does not take the outputs for current, and the files
	// that pin the version are rewritten.
	bumped := opts
	bumped.Version = "0.2.0"
	res, err = cidlc.Run(ctx, bumped)
	if err != nil || res.UpToDate {
		t.Fatalf("run with a new version: err %v, up to date %v", err, res.UpToDate)
	}
	for _, name := range []string{opts.Schema, filepath.Join(opts.Provider, "db_stub.go"), filepath.Join(opts.Pack, "package.json"), filepath.Join(opts.Pack, "_utilities.ts")} {
		if !slices.Contains(res.Report.Written, filepath.ToSlash(name)) {
			t.Errorf("run with a new version: %s not written (written %q)", name, res.Report.Written)
		}
		if b, _ := os.ReadFile(name); !strings.Contains(string(b), `"0.2.0"`) {
			t.Errorf("run with a new version: %s does not hold it", name)
		}
	}
}

func phaseNames(res *cidlc.Result) []string {
	var names []string
	for _, p := range res.Phases {
		names = append(names, p.Name)
	}
	return names
}

// TestRunFailures: the IDL's problems come back as model.Diagnostics, a backend's failure as a
// GenerateError, a cancelled context as itself; none of them writes anything.
func TestRunFailures(t *testing.T) {
	dir := testsupport.ScratchDir(t) // inside the module: the stubs need an import path
	idl := filepath.Join(dir, "idl")
	src := "package shop\n\nimport \"github.com/cidlc/cidlc/idl\"\n\n// A Cart holds items.\ntype Cart struct {\n\tidl.Resource\n\tCount int8\n}\n"
	testsupport.WriteFile(t, filepath.Join(idl, "cart.go"), src)
	ctx := context.Background()
	opts := cidlc.Options{IDL: idl, Pack: filepath.Join(dir, "pack")}

	res, err := cidlc.Run(ctx, opts)
	var diags model.Diagnostics
	if !errors.As(err, &diags) || len(diags) != 1 || diags[0].String() != filepath.ToSlash(filepath.Join(idl, "cart.go"))+":8:8: Cart.Count: int8 is not an IDL type; use int32 or int, with min= and max= for a narrower range (min=0 for a count)" {
		t.Errorf("bad IDL: err %v, want one positioned diagnostic", err)
	}
	if res.Model != nil || len(files(t, dir)) != 1 {
		t.Errorf("bad IDL: model %v, files %d", res.Model != nil, len(files(t, dir)))
	}

	src = strings.Replace(src, "Count int8", "Count float64", 1)
	testsupport.WriteFile(t, filepath.Join(idl, "cart.go"), src)
	inside := opts
	inside.Provider = filepath.Join(idl, "provider")
	var generr *cidlc.GenerateError
	if _, err := cidlc.Run(ctx, inside); !errors.As(err, &generr) || !strings.Contains(err.Error(), "which the next run would load as IDL") {
		t.Errorf("stubs inside the IDL: err %v, want a GenerateError", err)
	}
	if got := files(t, dir); len(got) != 1 {
		t.Errorf("a failed run wrote files: %d", len(got))
	}

	// A version that is not one, and a download URL the engine cannot use, fail the run before the
	// IDL is generated.
	for _, release := range []struct{ version, url, want string }{
		{"1.0", "", `--pkg-version "1.0" is not a semantic version`},
		{"", "https://example.com/", "--plugin-download-url needs --pkg-version"},
		{"1.0.0", "ftp://example.com/", `--plugin-download-url "ftp://example.com/": the engine downloads plugins from`},
	} {
		bad := opts
		bad.Version, bad.PluginDownloadURL = release.version, release.url
		if _, err := cidlc.Run(ctx, bad); err == nil || !strings.HasPrefix(err.Error(), release.want) {
			t.Errorf("version %q, URL %q: err %v, want %q", release.version, release.url, err, release.want)
		}
		if got := files(t, dir); len(got) != 1 {
			t.Errorf("a run with a bad release wrote files: %d", len(got))
		}
	}

	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := cidlc.Run(cancelled, opts); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err %v", err)
	}
	if got := files(t, dir); len(got) != 1 {
		t.Errorf("a cancelled run wrote files: %d", len(got))
	}
}

// TestRunsInOneProcess: runs in one process on the same outputs take turns, as runs of two processes
// do; each leaves the outputs whole.
func TestRunsInOneProcess(t *testing.T) {
	dir := testsupport.ScratchDir(t) // inside the module: the stubs need an import path
	opts := cidlc.Options{IDL: filepath.Join(golden, "idl"), Pack: filepath.Join(dir, "pack"), Provider: filepath.Join(dir, "provider")}
	var wg sync.WaitGroup
	errs := make([]error, 3)
	for i := range errs {
		wg.Go(func() { _, errs[i] = cidlc.Run(context.Background(), opts) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	opts.Check = true
	if res, err := cidlc.Run(context.Background(), opts); err != nil || res.Report.Stale() {
		t.Errorf("after concurrent runs: err %v, stale %v", err, res.Report)
	}
}

// TestCheckRelease: --check is stable with and without a release. The outputs of a run are current for
// a check with the same flags, run twice; for a check with the other flags they are stale, the diff
// shows the version, and nothing changes on disk.
func TestCheckRelease(t *testing.T) {
	dir := testsupport.ScratchDir(t) // inside the module: the stubs need an import path
	plain := cidlc.Options{
		IDL:      filepath.Join("testdata", "golden", "go_release", "idl"),
		Pack:     filepath.Join(dir, "pack"),
		Provider: filepath.Join(dir, "provider"),
		Schema:   filepath.Join(dir, "schema.json"),
	}
	released := plain
	released.Version, released.PluginDownloadURL = "1.2.0", "https://example.com/releases/"
	ctx := context.Background()
	for _, tc := range []struct {
		name       string
		run, other cidlc.Options
	}{{"without a version", plain, released}, {"with a version and a download URL", released, plain}} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := cidlc.Run(ctx, tc.run); err != nil {
				t.Fatal(err)
			}
			before := files(t, dir)
			for i := range 2 {
				check := tc.run
				check.Check = true
				if res, err := cidlc.Run(ctx, check); err != nil || res.Report.Stale() {
					t.Errorf("check %d with the run's flags: err %v, stale %q", i+1, err, res.Report.Written)
				}
			}
			var diff bytes.Buffer
			check := tc.other
			check.Check, check.Diff = true, &diff
			if res, err := cidlc.Run(ctx, check); err != nil || !res.Report.Stale() {
				t.Errorf("check with the other flags: err %v, stale %v", err, res.Report.Stale())
			}
			if !strings.Contains(diff.String(), `"1.2.0"`) {
				t.Errorf("the diff does not show the version:\n%s", diff.String())
			}
			if !maps.Equal(before, files(t, dir)) {
				t.Error("a check changed the outputs")
			}
		})
	}
}

// TestZeroCacheWritesOnlyTheOutputs: a library caller that asks for no cache gets none, whatever the
// environment says: a second run finds nothing up to date, and nothing lands in the command's cache.
func TestZeroCacheWritesOnlyTheOutputs(t *testing.T) {
	env, xdg := t.TempDir(), t.TempDir()
	t.Setenv("CIDLC_CACHE", env)
	t.Setenv("XDG_CACHE_HOME", xdg) // the user cache directory on Linux, where the go command keeps its own
	opts := cidlc.Options{IDL: filepath.Join(golden, "idl"), Pack: filepath.Join(t.TempDir(), "pack")}
	for i := range 2 {
		res, err := cidlc.Run(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		if res.UpToDate {
			t.Fatalf("run %d: up to date, without a cache", i+1)
		}
	}
	for _, dir := range []string{env, filepath.Join(xdg, "cidlc")} {
		if got := files(t, dir); len(got) > 0 {
			t.Errorf("the zero Options wrote outside the outputs: %v", slices.Collect(maps.Keys(got)))
		}
	}
}
