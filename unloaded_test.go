package cidlc_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cidlc/cidlc"
	"github.com/cidlc/cidlc/internal/testsupport"
)

// The up-to-date cache lets a run decide that nothing changed without loading the IDL, when its stamp
// proves the load's inputs as they were (internal/uptodate). Any doubt must take the ordinary path: each
// case below changes one input of the load, and the next run must load the IDL again (and, where the
// change changes the IDL, generate what it now says).

// unloadedProject is a Go module of its own with an IDL of two packages, whose package idl comes from a
// copy of this checkout's (a replaced module the cases can edit), and the options of a run on it.
type unloadedProject struct {
	dir, idlCopy string
	opts         cidlc.Options
}

func newUnloadedProject(t *testing.T) *unloadedProject {
	t.Helper()
	scratch, err := filepath.Abs(testsupport.ScratchDir(t))
	if err != nil {
		t.Fatal(err)
	}
	p := &unloadedProject{dir: filepath.Join(scratch, "m"), idlCopy: filepath.Join(scratch, "cidlc")}
	idlSrc, err := filepath.Glob("idl/*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range idlSrc {
		if !strings.HasSuffix(name, "_test.go") {
			testsupport.WriteFile(t, filepath.Join(p.idlCopy, name), testsupport.ReadFile(t, name))
		}
	}
	testsupport.WriteFile(t, filepath.Join(p.idlCopy, "go.mod"), "module github.com/cidlc/cidlc\n\ngo 1.26.0\n")
	testsupport.WriteTree(t, p.dir, map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.26.0\n\nrequire github.com/cidlc/cidlc v0.0.0\n\nreplace github.com/cidlc/cidlc => " + p.idlCopy + "\n",
		"idl/types.go": "// Package shop sells things.\npackage shop\n\nimport \"github.com/cidlc/cidlc/idl\"\n\n" +
			"// A Cart holds items.\ntype Cart struct {\n\tidl.Resource\n\tCount float64\n}\n",
		"idl/net/net.go":   "package net\n\nimport \"github.com/cidlc/cidlc/idl\"\n\n// A Link joins.\ntype Link struct {\n\tidl.Resource\n}\n",
		"idl/net/later.go": "//go:build ignore\n\npackage net\n\nimport \"github.com/cidlc/cidlc/idl\"\n\n// A Later comes later.\ntype Later struct {\n\tidl.Resource\n}\n",
	})
	p.opts = cidlc.Options{IDL: filepath.Join(p.dir, "idl"), Pack: filepath.Join(p.dir, "pack"), Cache: t.TempDir()}
	return p
}

// age sets the modification times of everything in the project and the copy of package idl a minute
// back, as if written long before the runs: the stamp trusts the metadata only of what was not modified
// just before a load. (It changes their change times, which the stamp compares too: only before a run.)
func (p *unloadedProject) age(t *testing.T) {
	t.Helper()
	old := time.Now().Add(-time.Minute)
	for _, root := range []string{p.dir, p.idlCopy} {
		err := filepath.WalkDir(root, func(name string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			return os.Chtimes(name, old, old)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// run runs cidlc and reports whether it loaded the IDL.
func (p *unloadedProject) run(t *testing.T) (res *cidlc.Result, loaded bool) {
	t.Helper()
	res, err := cidlc.Run(context.Background(), p.opts)
	if err != nil {
		t.Fatal(err)
	}
	return res, slices.Contains(phaseNames(res), "load")
}

// current makes the outputs current and stamped, then shows that the next run needs no load.
func (p *unloadedProject) current(t *testing.T) {
	t.Helper()
	p.age(t)
	p.run(t)
	if res, loaded := p.run(t); loaded || !res.UpToDate {
		t.Fatalf("a run after the outputs were stamped: loaded %v, up to date %v (phases %q)", loaded, res.UpToDate, phaseNames(res))
	}
}

func TestUpToDateWithoutLoad(t *testing.T) {
	t.Run("a source touched, not changed", func(t *testing.T) {
		p := newUnloadedProject(t)
		p.current(t)
		now := time.Now()
		if err := os.Chtimes(filepath.Join(p.dir, "idl/types.go"), now, now); err != nil {
			t.Fatal(err)
		}
		// Its content proves it unchanged: still no load.
		if res, loaded := p.run(t); loaded || !res.UpToDate {
			t.Errorf("after a touch: loaded %v, up to date %v", loaded, res.UpToDate)
		}
	})

	for _, c := range []struct {
		name   string
		change func(t *testing.T, p *unloadedProject)
		// written is a file the run after the change must write, when the change changes the IDL.
		written string
	}{
		{"a new file in an IDL directory", func(t *testing.T, p *unloadedProject) {
			testsupport.WriteFile(t, filepath.Join(p.dir, "idl/net/route.go"),
				"package net\n\nimport \"github.com/cidlc/cidlc/idl\"\n\n// A Route routes.\ntype Route struct {\n\tidl.Resource\n}\n")
		}, "pack/net/route.ts"},
		{"a new IDL package", func(t *testing.T, p *unloadedProject) {
			testsupport.WriteFile(t, filepath.Join(p.dir, "idl/dns/zone.go"),
				"package dns\n\nimport \"github.com/cidlc/cidlc/idl\"\n\n// A Zone names.\ntype Zone struct {\n\tidl.Resource\n}\n")
		}, "pack/dns/zone.ts"},
		{"a source edited, its modification time put back", func(t *testing.T, p *unloadedProject) {
			name := filepath.Join(p.dir, "idl/net/net.go")
			fi, err := os.Stat(name)
			if err != nil {
				t.Fatal(err)
			}
			src := strings.Replace(testsupport.ReadFile(t, name), "idl.Resource\n", "idl.Resource\n\t// Speed is fast.\n\tSpeed float64\n", 1)
			testsupport.WriteFile(t, name, src)
			if err := os.Chtimes(name, fi.ModTime(), fi.ModTime()); err != nil {
				t.Fatal(err)
			}
		}, "pack/net/net.ts"},
		{"a build constraint edited away", func(t *testing.T, p *unloadedProject) {
			name := filepath.Join(p.dir, "idl/net/later.go")
			testsupport.WriteFile(t, name, strings.TrimPrefix(testsupport.ReadFile(t, name), "//go:build ignore\n\n"))
		}, "pack/net/later.ts"},
		{"a changed go.mod", func(t *testing.T, p *unloadedProject) {
			name := filepath.Join(p.dir, "go.mod")
			testsupport.WriteFile(t, name, testsupport.ReadFile(t, name)+"// edited\n")
		}, ""},
		{"a new go.sum", func(t *testing.T, p *unloadedProject) {
			testsupport.WriteFile(t, filepath.Join(p.dir, "go.sum"), "")
		}, ""},
		{"a go.work above the IDL", func(t *testing.T, p *unloadedProject) {
			testsupport.WriteFile(t, filepath.Join(p.dir, "go.work"), "go 1.26.0\n\nuse .\n")
		}, ""},
		{"a go.mod in an IDL directory: a module of its own", func(t *testing.T, p *unloadedProject) {
			testsupport.WriteFile(t, filepath.Join(p.dir, "idl/net/go.mod"), "module example.com/net\n\ngo 1.26.0\n")
		}, ""},
		{"a changed file of the replaced module", func(t *testing.T, p *unloadedProject) {
			name := filepath.Join(p.idlCopy, "idl/doc.go")
			testsupport.WriteFile(t, name, testsupport.ReadFile(t, name)+"\n// edited\n")
		}, ""},
		{"a new file in the replaced module", func(t *testing.T, p *unloadedProject) {
			testsupport.WriteFile(t, filepath.Join(p.idlCopy, "idl/extra.go"), "package idl\n\n// Extra is new.\ntype Extra struct{}\n")
		}, ""},
		{"GOFLAGS", func(t *testing.T, p *unloadedProject) { t.Setenv("GOFLAGS", "-tags=cidlctest") }, ""},
		{"GOOS", func(t *testing.T, p *unloadedProject) { t.Setenv("GOOS", "darwin") }, ""},
		{"the go command's PATH", func(t *testing.T, p *unloadedProject) {
			t.Setenv("PATH", t.TempDir()+string(filepath.ListSeparator)+os.Getenv("PATH"))
		}, ""},
		{"the package name", func(t *testing.T, p *unloadedProject) { p.opts.Name = "store" }, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := newUnloadedProject(t)
			p.current(t)
			c.change(t, p)
			res, loaded := p.run(t)
			if !loaded {
				t.Fatalf("the run after the change did not load the IDL (phases %q)", phaseNames(res))
			}
			if c.written != "" && !slices.ContainsFunc(res.Report.Written, func(w string) bool { return strings.HasSuffix(w, "/m/"+c.written) }) {
				t.Errorf("the run after the change wrote %q, want %s among them", res.Report.Written, c.written)
			}
		})
	}
}
