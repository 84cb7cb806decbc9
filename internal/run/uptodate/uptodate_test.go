package uptodate_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/gen/outdir"
	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/run/uptodate"
	"github.com/cidlc/cidlc/internal/testsupport"
	"github.com/cidlc/cidlc/internal/testsupport/gentest"
)

// The up-to-date cache may only ever cost time: whatever happened to the outputs since the stamp, a lookup
// that says "current" must be one after which Write would write and remove nothing. Each case below
// disturbs a stamped output in one way and expects the lookup to refuse.

// cached writes the generated files of the IDL paths into out, stamps them, and returns what a later
// lookup needs.
type cached struct {
	cache uptodate.Cache
	outs  []outdir.Output
	key   uptodate.Key
}

func stampOutputs(t *testing.T, out string, old bool, paths ...string) cached {
	t.Helper()
	c := cached{
		cache: uptodate.New(filepath.Join(t.TempDir(), "cache"), "tool-1"),
		outs:  []outdir.Output{{Dir: out, Backend: gentest.Backend{}}},
	}
	results, err := outdir.Generate(gentest.Package("aws", paths...), c.outs)
	if err != nil {
		t.Fatal(err)
	}
	gentest.Write(t, results)
	if old {
		// Files written an hour ago: the stamp trusts their metadata.
		ageFiles(t, out, time.Hour)
	}
	if c.key, err = c.cache.Key([]byte("sources-1"), c.outs); err != nil {
		t.Fatal(err)
	}
	c.cache.Record(c.outs, c.key, outdir.DigestsOf(results), nil)
	return c
}

func (c cached) current(t *testing.T) bool {
	t.Helper()
	_, ok := c.cache.Lookup(c.outs).Current(c.key)
	return ok
}

func ageFiles(t *testing.T, dir string, age time.Duration) {
	t.Helper()
	then := time.Now().Add(-age)
	err := filepath.Walk(dir, func(name string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		return os.Chtimes(name, then, then)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestCacheFindsUntouchedOutputs(t *testing.T) {
	for _, old := range []bool{false, true} {
		dir := testsupport.InTempDir(t)
		c := stampOutputs(t, "out", old, gentest.IDLBefore...)
		report, ok := c.cache.Lookup(c.outs).Current(c.key)
		if !ok {
			t.Fatalf("old=%v: untouched outputs are not current", old)
		}
		// The report is Write's: every file, the manifest included, unchanged.
		results := gentest.Generate(t, "out", gentest.IDLBefore...)
		want := gentest.Write(t, results)
		if len(want.Written) != 0 || !slices.Equal(report.Unchanged, want.Unchanged) {
			t.Errorf("old=%v: cache reports unchanged %q\nWrite reports %v, unchanged %q", old, report.Unchanged, want, want.Unchanged)
		}
		_ = dir
	}
}

func TestCacheKey(t *testing.T) {
	testsupport.InTempDir(t)
	outs := []outdir.Output{{Dir: "out", Backend: gentest.Backend{}}}
	base := uptodate.New(t.TempDir(), "tool-1")
	k, err := base.Key([]byte("sources"), outs)
	if err != nil {
		t.Fatal(err)
	}
	for name, other := range map[string]func() (uptodate.Key, error){
		"other sources": func() (uptodate.Key, error) { return base.Key([]byte("sources2"), outs) },
		"other tool":    func() (uptodate.Key, error) { return uptodate.New(t.TempDir(), "tool-2").Key([]byte("sources"), outs) },
		"other directory": func() (uptodate.Key, error) {
			return base.Key([]byte("sources"), []outdir.Output{{Dir: "out2", Backend: gentest.Backend{}}})
		},
		"other options": func() (uptodate.Key, error) {
			return base.Key([]byte("sources"), []outdir.Output{{Dir: "out", Backend: keyed{"b"}}})
		},
		"one more output": func() (uptodate.Key, error) { return base.Key([]byte("sources"), append(slices.Clone(outs), outs[0])) },
	} {
		k2, err := other()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if k2 == k {
			t.Errorf("%s: same key", name)
		}
	}
	if _, err := base.Key(nil, outs); err == nil {
		t.Error("a key without a digest of the sources")
	}
	if _, err := base.Key([]byte("sources"), []outdir.Output{{Dir: "out", Backend: noKey{}}}); err == nil {
		t.Error("a key for a backend that has none")
	}
}

// keyed is the test backend with other options.
type keyed struct{ key string }

func (keyed) Name() string  { return "gentest" }
func (k keyed) Key() string { return k.key }
func (keyed) Generate(tree *model.Tree) ([]*gen.File, error) {
	return gentest.Backend{}.Generate(tree)
}

// noKey is a backend that does not say what shapes its output.
type noKey struct{}

func (noKey) Name() string { return "nokey" }
func (noKey) Generate(tree *model.Tree) ([]*gen.File, error) {
	return gentest.Backend{}.Generate(tree)
}

func TestCacheRefusesDisturbedOutputs(t *testing.T) {
	for _, c := range []struct {
		name    string
		old     bool // the stamp trusts the files' metadata
		disturb func(t *testing.T, out string)
	}{
		{"an edit of the same size right after generating", false, func(t *testing.T, out string) {
			flipByte(t, filepath.Join(out, "ec2", "instance.txt"))
		}},
		{"an edit of the same size that keeps the modification time", true, func(t *testing.T, out string) {
			name := filepath.Join(out, "ec2", "instance.txt")
			info, _ := os.Stat(name)
			flipByte(t, name)
			os.Chtimes(name, info.ModTime(), info.ModTime())
		}},
		{"a deleted file", true, func(t *testing.T, out string) {
			must(t, os.Remove(filepath.Join(out, "iam", "role.txt")))
		}},
		{"a deleted manifest", true, func(t *testing.T, out string) {
			must(t, os.Remove(filepath.Join(out, outdir.ManifestName)))
		}},
		{"a file replaced by a link to the same bytes", true, func(t *testing.T, out string) {
			name := filepath.Join(out, "types.txt")
			must(t, os.Rename(name, filepath.Join(out, "elsewhere")))
			must(t, os.Symlink("elsewhere", name))
		}},
		{"a directory replaced by a link to a copy", true, func(t *testing.T, out string) {
			must(t, os.Rename(filepath.Join(out, "ec2"), "ec2-copy"))
			must(t, os.Symlink(filepath.Join("..", "ec2-copy"), filepath.Join(out, "ec2")))
		}},
		{"a directory where a file was", true, func(t *testing.T, out string) {
			name := filepath.Join(out, "types.txt")
			must(t, os.Remove(name))
			must(t, os.Mkdir(name, 0o777))
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			testsupport.InTempDir(t)
			cc := stampOutputs(t, "out", c.old, gentest.IDLBefore...)
			if !cc.current(t) {
				t.Fatal("not current before the change")
			}
			c.disturb(t, "out")
			if cc.current(t) {
				t.Fatal("current after the change")
			}
		})
	}
}

func TestCacheRefusesOtherKeysAndBadStamps(t *testing.T) {
	testsupport.InTempDir(t)
	c := stampOutputs(t, "out", true, gentest.IDLBefore...)
	if _, ok := c.cache.Lookup(c.outs).Current(uptodate.Key{1}); ok {
		t.Error("current under another key")
	}
	stamps, err := filepath.Glob(filepath.Join(t.TempDir(), "..", "*", "cache", "stamps", "*"))
	if err != nil || len(stamps) != 1 {
		t.Fatalf("want one stamp, found %q (%v)", stamps, err)
	}
	data, err := os.ReadFile(stamps[0])
	must(t, err)
	for _, bad := range [][]byte{nil, data[:len(data)/2], append([]byte("x"), data...), []byte("cidlc stamp v1\nkey zz\n")} {
		must(t, os.WriteFile(stamps[0], bad, 0o666))
		if c.current(t) {
			t.Errorf("current with the stamp %q", bad)
		}
	}
}

func TestCacheRefresh(t *testing.T) {
	testsupport.InTempDir(t)
	c := stampOutputs(t, "out", false, gentest.IDLBefore...) // metadata not trusted: every file hashed
	ageFiles(t, "out", time.Hour)
	l := c.cache.Lookup(c.outs)
	if _, ok := l.Current(c.key); !ok {
		t.Fatal("not current")
	}
	l.Refresh(c.cache, c.outs, nil)
	// Now the metadata is trusted: an edit that keeps size and times but not the change time is
	// still found, and the untouched tree is still current.
	if !c.current(t) {
		t.Fatal("not current after a refresh")
	}
	name := filepath.Join("out", "types.txt")
	info, _ := os.Stat(name)
	flipByte(t, name)
	os.Chtimes(name, info.ModTime(), info.ModTime())
	if c.current(t) {
		t.Error("current after an edit")
	}
}

func TestDisabledCache(t *testing.T) {
	testsupport.InTempDir(t)
	var c uptodate.Cache
	outs := []outdir.Output{{Dir: "out", Backend: gentest.Backend{}}}
	results := gentest.Generate(t, "out", gentest.IDLBefore...)
	gentest.Write(t, results)
	c.Record(outs, uptodate.Key{}, outdir.DigestsOf(results), nil)
	if _, ok := c.Lookup(outs).Current(uptodate.Key{}); ok {
		t.Error("a disabled cache found outputs current")
	}
	// The zero directory is no cache, whatever the environment says: a library caller asks for one.
	t.Setenv("CIDLC_CACHE", t.TempDir())
	if uptodate.Open("").Enabled() {
		t.Error(`Open(""): enabled`)
	}
	if !uptodate.Open(t.TempDir()).Enabled() {
		t.Error("Open(DIR): disabled (no build ID or hash of the test binary?)")
	}
}

// TestUserDir: the command's cache is $CIDLC_CACHE, "off" for none, or else the user cache directory's.
func TestUserDir(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("CIDLC_CACHE", dir)
	if got := uptodate.UserDir(); got != dir {
		t.Errorf("CIDLC_CACHE=DIR: %q", got)
	}
	t.Setenv("CIDLC_CACHE", "off")
	if got := uptodate.UserDir(); got != "" {
		t.Errorf("CIDLC_CACHE=off: %q", got)
	}
	t.Setenv("CIDLC_CACHE", "")
	t.Setenv("XDG_CACHE_HOME", dir) // the user cache directory on Linux
	base, err := os.UserCacheDir()
	if err != nil {
		t.Skip(err)
	}
	if got, want := uptodate.UserDir(), filepath.Join(base, "cidlc"); got != want {
		t.Errorf("without CIDLC_CACHE: %q, want %q", got, want)
	}
}

func flipByte(t *testing.T, name string) {
	t.Helper()
	data, err := os.ReadFile(name)
	must(t, err)
	data[len(data)-2] ^= 1
	must(t, os.WriteFile(name, data, 0o666))
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestUnloadedIsTheToolsOwn: a stamp proves outputs current without a load only to the cidlc that made
// it. Another build (another build ID) generates other files from the same sources, and must load.
func TestUnloadedIsTheToolsOwn(t *testing.T) {
	testsupport.InTempDir(t)
	testsupport.WriteTree(t, "m", map[string]string{
		"go.mod":   "module example.com/m\n\ngo 1.26.0\n",
		"idl/a.go": "// Package a is.\npackage a\n\n// A is.\ntype A struct{ Name string }\n",
	})
	// Everything of the module, directories too, written long before the load: the stamp trusts the
	// metadata only of what was not modified just before it.
	then := time.Now().Add(-time.Minute)
	must(t, filepath.WalkDir("m", func(name string, _ os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Chtimes(name, then, then)
	}))
	idl, err := filepath.Abs(filepath.Join("m", "idl"))
	must(t, err)
	started := time.Now()
	loaded, err := load.LoadPackages(load.Config{Dir: idl})
	must(t, err)
	src := &uptodate.Sources{Digest: loaded.Digest(), Inputs: loaded.Inputs(), Started: started}

	cacheDir := filepath.Join(t.TempDir(), "cache")
	outs := []outdir.Output{{Dir: "out", Backend: gentest.Backend{}}}
	results := gentest.Generate(t, "out", gentest.IDLBefore...)
	gentest.Write(t, results)
	ageFiles(t, "out", time.Hour)
	made := uptodate.New(cacheDir, "tool-1")
	key, err := made.Key(src.Digest, outs)
	must(t, err)
	made.Record(outs, key, outdir.DigestsOf(results), src)

	if _, ok := made.Lookup(outs).CurrentUnloaded(made, outs, idl, ""); !ok {
		t.Fatal("the cidlc that made the stamp cannot prove the outputs current without a load")
	}
	other := uptodate.New(cacheDir, "tool-2")
	if _, ok := other.Lookup(outs).CurrentUnloaded(other, outs, idl, ""); ok {
		t.Error("another cidlc build took the outputs as current without a load")
	}
}
