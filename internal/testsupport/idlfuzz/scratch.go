package idlfuzz

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"testing"

	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/base/gomod"
	"github.com/cidlc/cidlc/internal/testsupport"
)

// Scratch is a directory inside cidlc's module where trees are loaded from memory.
//
// A tree must be inside cidlc's module for its import of github.com/cidlc/cidlc/idl to resolve, and the
// loader runs `go list` on it. Writing every fuzz input to disk and removing it again would cost more
// than the load itself, and would leave stale packages behind when the fuzzer kills a worker; so the
// trees are handed to the loader as an overlay (load.Config.Overlay) over an empty directory, one per
// tree name, created once and reused by every load under that name. Only empty directories ever reach
// the disk: the scratch directory testdata/scratch-* below the test's package directory, which `./...`
// never matches and which the test removes when it ends (see testsupport.ScratchDir).
type Scratch struct {
	dir    string // absolute, symbolic links resolved, as the loader resolves it
	module string // the import path of dir
}

// NewScratch makes the scratch directory of test t.
func NewScratch(t testing.TB) *Scratch {
	t.Helper()
	abs, err := filepath.Abs(testsupport.ScratchDir(t))
	if err == nil {
		abs, err = filepath.EvalSymlinks(abs)
	}
	if err != nil {
		t.Fatal(err)
	}
	module, err := gomod.ImportPath(abs)
	if err != nil {
		t.Fatalf("idlfuzz: the test's directory must be inside cidlc's module: %v", err)
	}
	return &Scratch{dir: abs, module: module}
}

// Module returns the import path of the tree named name: what FromBytes and Random take.
func (s *Scratch) Module(name string) string { return path.Join(s.module, name) }

// Dir returns the directory of the tree named name.
func (s *Scratch) Dir(name string) string { return filepath.Join(s.dir, name) }

// Load loads tree, generated for Module(name), as cidlc loads an IDL directory, with diagnostics
// relative to the tree's root. The error is load's: load.Diagnostics for problems of the IDL.
func (s *Scratch) Load(name string, tree Tree) (*model.Tree, error) {
	dir := s.Dir(name)
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	overlay := make(map[string][]byte, len(tree.Files))
	for p, content := range tree.Files {
		if !filepath.IsLocal(filepath.FromSlash(p)) {
			return nil, fmt.Errorf("idlfuzz: a tree with a bad path %q", p)
		}
		overlay[filepath.Join(dir, filepath.FromSlash(p))] = content
	}
	return load.Load(load.Config{Dir: dir, WorkDir: dir, Overlay: overlay})
}
