// Package previous reads the version of an IDL that `cidlc --breaking-against=OLD` names, and loads it
// in the place of the current IDL (load.Loaded.Previous), for package breaking to compare.
//
// OLD is a directory holding the previous IDL tree, or else a git revision (a branch, a tag, a commit,
// HEAD~1) of the repository that holds the IDL directory, in which the IDL is read at the same path.
// A revision is read from git's objects (git ls-tree and git cat-file): the work tree, the index and
// the refs are never touched, so a run in CI or in a dirty checkout changes nothing.
//
// Either way the previous tree is type-checked as if it stood where the current one does: in the same
// Go module, with the same package idl. Its positions name its own files: the directory's, or
// `REV:path/in/repository.go` for a revision (what `git show` takes).
package previous

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/base/gomod"
)

// Read reads the files of the version against names, for the IDL in idlDir. It needs nothing of the
// current IDL's load, so a caller can run it while that load runs.
//
// The previous version is loaded under the package name (--name) its own go:generate directive gave,
// when its root package has one that runs cidlc (generatedName), so that a change of --name is seen;
// otherwise under the current run's.
func Read(idlDir, against string) (load.Previous, error) {
	var prev load.Previous
	var err error
	if info, statErr := os.Stat(against); statErr == nil && info.IsDir() {
		prev, err = readDir(against, idlDir)
	} else {
		prev, err = readRevision(idlDir, against)
	}
	if err == nil {
		prev.Name, prev.NameKnown = generatedName(prev.Files)
	}
	return prev, err
}

// Load reads the version against names and returns its model, loaded in the place of the IDL l holds.
// When that version has problems of its own, the error is a load.Diagnostics naming its files.
func Load(l *load.Loaded, idlDir, against string) (*model.Tree, error) {
	prev, err := Read(idlDir, against)
	if err != nil {
		return nil, err
	}
	return LoadRead(l, prev)
}

// LoadRead loads what Read returned in the place of the IDL l holds, and returns its model.
func LoadRead(l *load.Loaded, prev load.Previous) (*model.Tree, error) {
	old, err := l.Previous(prev)
	if err != nil {
		return nil, err
	}
	return old.Model()
}

// readDir reads the Go files and go.mod files of a directory tree, and notes those that are the same
// in idlDir. Directories that `go list ./...` skips are not read.
func readDir(dir, idlDir string) (load.Previous, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return load.Previous{}, err
	}
	files, onDisk := map[string][]byte{}, map[string]bool{}
	err = filepath.WalkDir(abs, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		base := d.Name()
		if d.IsDir() {
			if name != abs && (base == "testdata" || base == "vendor" || strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !strings.HasSuffix(base, ".go") && base != "go.mod" {
			return nil
		}
		content, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(abs, name)
		if err != nil {
			return err
		}
		files[filepath.ToSlash(rel)] = content
		if current, err := os.ReadFile(filepath.Join(idlDir, rel)); err == nil && bytes.Equal(current, content) {
			onDisk[filepath.ToSlash(rel)] = true
		}
		return nil
	})
	if err != nil {
		return load.Previous{}, fmt.Errorf("--breaking-against: %w", err)
	}
	// A copy of a tree in another directory of a module imports its own packages under its own path;
	// outside any module, under the IDL's.
	importPath, _ := gomod.ImportPath(abs)
	return load.Previous{Files: files, OnDisk: onDisk, Path: importPath,
		Show: func(rel string) string { return filepath.Join(abs, filepath.FromSlash(rel)) }}, nil
}
