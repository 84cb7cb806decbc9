// Package gomod answers questions about the Go module a directory belongs to, from its go.mod. It reads
// go.mod files and nothing else; it never runs the go command.
package gomod

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
)

// ImportPath returns the Go import path of the directory dir, which need not exist yet: the module path
// in the nearest go.mod above it, joined with dir's path below that go.mod. It is where the Go stubs of
// --out-provider=dir are imported from, and where a scratch tree in a module will be.
func ImportPath(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for root := abs; ; {
		data, err := os.ReadFile(filepath.Join(root, "go.mod"))
		switch {
		case err == nil:
			mod := modfile.ModulePath(data)
			if mod == "" {
				return "", fmt.Errorf("%s: no module path", filepath.Join(root, "go.mod"))
			}
			rel, err := filepath.Rel(root, abs)
			if err != nil {
				return "", err
			}
			p := path.Join(mod, filepath.ToSlash(rel))
			// A directory whose name has a space or a letter outside ASCII cannot hold a Go package:
			// stubs written there would never build.
			if err := module.CheckImportPath(p); err != nil {
				return "", fmt.Errorf("%s: Go code cannot live there: %w", dir, err)
			}
			return p, nil
		case !errors.Is(err, fs.ErrNotExist):
			return "", err
		}
		parent := filepath.Dir(root)
		if parent == root {
			return "", fmt.Errorf("%s: not inside a Go module (no go.mod above it); the Go stubs must be part of one", dir)
		}
		root = parent
	}
}
