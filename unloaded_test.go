package cidlc_test

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cidlc/cidlc"
	"github.com/cidlc/cidlc/internal/testsupport"
)

// The up-to-date cache lets a run decide that nothing changed without loading the IDL, when its stamp
// proves the load's inputs as they were (internal/run/uptodate). Any doubt must take the ordinary path: each
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
		name string
		// setup, when set, prepares the project before its outputs are made current.
		setup  func(t *testing.T, p *unloadedProject)
		change func(t *testing.T, p *unloadedProject)
		// written is a file the run after the change must write, when the change changes the IDL.
		written string
	}{
		{name: "a new file in an IDL directory", change: func(t *testing.T, p *unloadedProject) {
			testsupport.WriteFile(t, filepath.Join(p.dir, "idl/net/route.go"),
				"package net\n\nimport \"github.com/cidlc/cidlc/idl\"\n\n// A Route routes.\ntype Route struct {\n\tidl.Resource\n}\n")
		}, written: "pack/net/route.ts"},
		{name: "a new IDL package", change: func(t *testing.T, p *unloadedProject) {
			testsupport.WriteFile(t, filepath.Join(p.dir, "idl/dns/zone.go"),
				"package dns\n\nimport \"github.com/cidlc/cidlc/idl\"\n\n// A Zone names.\ntype Zone struct {\n\tidl.Resource\n}\n")
		}, written: "pack/dns/zone.ts"},
		{name: "a source edited, its modification time put back", change: func(t *testing.T, p *unloadedProject) {
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
		}, written: "pack/net/net.ts"},
		{name: "a build constraint edited away", change: func(t *testing.T, p *unloadedProject) {
			name := filepath.Join(p.dir, "idl/net/later.go")
			testsupport.WriteFile(t, name, strings.TrimPrefix(testsupport.ReadFile(t, name), "//go:build ignore\n\n"))
		}, written: "pack/net/later.ts"},
		{name: "a changed go.mod", change: func(t *testing.T, p *unloadedProject) {
			name := filepath.Join(p.dir, "go.mod")
			testsupport.WriteFile(t, name, testsupport.ReadFile(t, name)+"// edited\n")
		}},
		{name: "a new go.sum", change: func(t *testing.T, p *unloadedProject) {
			testsupport.WriteFile(t, filepath.Join(p.dir, "go.sum"), "")
		}},
		{name: "a go.work above the IDL", change: func(t *testing.T, p *unloadedProject) {
			testsupport.WriteFile(t, filepath.Join(p.dir, "go.work"), "go 1.26.0\n\nuse .\n")
		}},
		{name: "a go.mod in an IDL directory: a module of its own", change: func(t *testing.T, p *unloadedProject) {
			testsupport.WriteFile(t, filepath.Join(p.dir, "idl/net/go.mod"), "module example.com/net\n\ngo 1.26.0\n")
		}},
		{name: "a changed file of the replaced module", change: func(t *testing.T, p *unloadedProject) {
			name := filepath.Join(p.idlCopy, "idl/doc.go")
			testsupport.WriteFile(t, name, testsupport.ReadFile(t, name)+"\n// edited\n")
		}},
		{name: "a new file in the replaced module", change: func(t *testing.T, p *unloadedProject) {
			testsupport.WriteFile(t, filepath.Join(p.idlCopy, "idl/extra.go"), "package idl\n\n// Extra is new.\ntype Extra struct{}\n")
		}},
		{name: "build tags, in GOFLAGS", change: func(t *testing.T, p *unloadedProject) {
			t.Setenv("GOFLAGS", "-tags=ignore")
		}, written: "pack/net/later.ts"},
		{name: "GOFLAGS", change: func(t *testing.T, p *unloadedProject) { t.Setenv("GOFLAGS", "-mod=mod") }},
		{name: "GOOS", change: func(t *testing.T, p *unloadedProject) { t.Setenv("GOOS", "darwin") }},
		{name: "GOARCH", change: func(t *testing.T, p *unloadedProject) { t.Setenv("GOARCH", "arm64") }},
		{name: "the go command's PATH", change: func(t *testing.T, p *unloadedProject) {
			t.Setenv("PATH", t.TempDir()+string(filepath.ListSeparator)+os.Getenv("PATH"))
		}},
		{name: "another Go release, installed over the go command",
			setup: func(t *testing.T, p *unloadedProject) { installGo(t, p, "release 1") },
			change: func(t *testing.T, p *unloadedProject) {
				// The same path, another file: what an upgrade in place leaves.
				installGo(t, p, "release 2, newer")
			}},
		{name: "the package name", change: func(t *testing.T, p *unloadedProject) { p.opts.Name = "store" }},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := newUnloadedProject(t)
			if c.setup != nil {
				c.setup(t, p)
			}
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

// installGo puts a go command first on PATH, beside the project: a script that runs the real one, whose
// content says which release it stands for.
func installGo(t *testing.T, p *unloadedProject, release string) {
	t.Helper()
	bin := filepath.Join(filepath.Dir(p.dir), "gobin")
	// The real one is the first on PATH that is not this script.
	real := ""
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if found, err := exec.LookPath(filepath.Join(dir, "go")); err == nil && dir != bin {
			real = found
			break
		}
	}
	if real == "" {
		t.Skip("no go command on PATH")
	}
	real, err := filepath.Abs(real)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(os.Getenv("PATH"), bin+string(filepath.ListSeparator)) {
		t.Setenv("PATH", bin+string(filepath.ListSeparator)+os.Getenv("PATH"))
		t.Setenv("GOROOT", filepath.Dir(filepath.Dir(real)))
	}
	script := "#!/bin/sh\n# " + release + "\nexec '" + real + "' \"$@\"\n"
	testsupport.WriteFile(t, filepath.Join(bin, "go"), script)
	if err := os.Chmod(filepath.Join(bin, "go"), 0o755); err != nil {
		t.Fatal(err)
	}
}
