// Package gentest is the test support that knows package gen: stand-ins for the backends (a trivial
// backend, a failing one, and a quick way to build a model), which let the plumbing between the model and
// the disk be tested without the real backends; Generate and Write, which run them and write their files
// for the tests of the writer, the up-to-date cache and the lock; and GoldenTree, the golden comparison of a backend's
// output with gen's rules of what in an output directory is cidlc's.
//
// It is for tests only; nothing in cidlc's output depends on it. It lives apart from package testsupport
// because it imports gen: the tests of the layers below gen (the loader, the model) use testsupport alone.
package gentest

import (
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/idl/model"
)

// Backend turns each IDL file `dir/name.go` into a text file `dir/name.txt` that starts with gen.Header
// and the source path and lists the file's declarations, and adds a `dir/module.json` per module, which
// like package.json cannot carry the header.
type Backend struct{}

// Name returns "gentest".
func (Backend) Name() string { return "gentest" }

// Key implements gen.Keyer: the backend has no options.
func (Backend) Key() string { return "gentest" }

// Generate returns the files for pkg.
func (Backend) Generate(tree *model.Tree) ([]*gen.File, error) {
	var files []*gen.File
	for _, pkg := range tree.Packages {
		if len(pkg.Files) == 0 {
			continue
		}
		var names []string
		for _, f := range pkg.Files {
			files = append(files, &gen.File{Path: strings.TrimSuffix(f.Path, ".go") + ".txt", Content: text(f)})
			names = append(names, path.Base(f.Path))
		}
		j, err := json.MarshalIndent(map[string]any{"module": pkg.Name, "files": names}, "", "  ")
		if err != nil {
			return nil, err
		}
		files = append(files, &gen.File{Path: path.Join(pkg.Dir, "module.json"), Content: append(j, '\n')})
	}
	return files, nil
}

func text(f *model.File) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n// Source: %s\n\n", gen.Header, f.Path)
	for _, r := range f.Resources {
		fmt.Fprintf(&b, "resource %s %s\n", r.Name, r.Token)
	}
	for _, s := range f.Structs {
		fmt.Fprintf(&b, "struct %s %s\n", s.Name, s.Token)
	}
	return []byte(b.String())
}

// Failing is a backend whose Generate fails with Err.
type Failing struct{ Err error }

// Name returns "failing".
func (Failing) Name() string { return "failing" }

// Generate returns f.Err.
func (f Failing) Generate(*model.Tree) ([]*gen.File, error) { return nil, f.Err }

// Package returns a model named name with one IDL file per path (`ec2/securityGroup.go`), each declaring
// one resource named after the file (`SecurityGroup`), grouped into modules by directory.
func Package(name string, paths ...string) *model.Tree {
	tree := &model.Tree{Name: name, Path: "example.com/" + name + "/idl"}
	modules := make(map[string]*model.Package)
	for _, p := range paths {
		dir := path.Dir(p)
		if dir == "." {
			dir = ""
		}
		pkg := modules[dir]
		if pkg == nil {
			pkg = &model.Package{Dir: dir, Name: path.Base(path.Join(name, dir)), Path: path.Join(tree.Path, dir), Tree: tree}
			modules[dir] = pkg
			tree.Packages = append(tree.Packages, pkg)
		}
		f := &model.File{Path: p, Module: strings.TrimSuffix(p, ".go"), Package: pkg}
		base := strings.TrimSuffix(path.Base(p), ".go")
		typeName := strings.ToUpper(base[:1]) + base[1:]
		f.Resources = []*model.Resource{{Decl: model.Decl{
			Name:  typeName,
			Token: name + ":" + f.Module + ":" + typeName,
			File:  f,
		}}}
		pkg.Files = append(pkg.Files, f)
	}
	// The order the model promises: modules by directory (the root first), files by path.
	slices.SortFunc(tree.Packages, func(a, b *model.Package) int { return strings.Compare(a.Dir, b.Dir) })
	for _, pkg := range tree.Packages {
		slices.SortFunc(pkg.Files, func(a, b *model.File) int { return strings.Compare(a.Path, b.Path) })
	}
	return tree
}
