// Package gentest provides stand-ins for tests of the plumbing between the model and the disk: a trivial
// backend, a failing one, and a quick way to build a model. They let package gen, the CLI and the golden
// harness be tested without the real backends.
//
// It is for tests only; nothing in cidlc's output depends on it.
package gentest

import (
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/idl/schema"
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
func (Backend) Generate(pkg *schema.Package) ([]*gen.File, error) {
	var files []*gen.File
	for _, m := range pkg.Modules {
		if len(m.Files) == 0 {
			continue
		}
		var names []string
		for _, f := range m.Files {
			files = append(files, &gen.File{Path: strings.TrimSuffix(f.Path, ".go") + ".txt", Content: text(f)})
			names = append(names, path.Base(f.Path))
		}
		j, err := json.MarshalIndent(map[string]any{"module": m.Name, "files": names}, "", "  ")
		if err != nil {
			return nil, err
		}
		files = append(files, &gen.File{Path: path.Join(m.Dir, "module.json"), Content: append(j, '\n')})
	}
	return files, nil
}

func text(f *schema.File) []byte {
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
func (f Failing) Generate(*schema.Package) ([]*gen.File, error) { return nil, f.Err }

// Package returns a model named name with one IDL file per path (`ec2/securityGroup.go`), each declaring
// one resource named after the file (`SecurityGroup`), grouped into modules by directory.
func Package(name string, paths ...string) *schema.Package {
	pkg := &schema.Package{Name: name, Path: "example.com/" + name + "/idl"}
	modules := make(map[string]*schema.Module)
	for _, p := range paths {
		dir := path.Dir(p)
		if dir == "." {
			dir = ""
		}
		m := modules[dir]
		if m == nil {
			m = &schema.Module{Dir: dir, Name: path.Base(path.Join(name, dir)), Path: path.Join(pkg.Path, dir), Package: pkg}
			modules[dir] = m
			pkg.Modules = append(pkg.Modules, m)
		}
		f := &schema.File{Path: p, ModuleToken: strings.TrimSuffix(p, ".go"), Owner: m}
		base := strings.TrimSuffix(path.Base(p), ".go")
		typeName := strings.ToUpper(base[:1]) + base[1:]
		f.Resources = []*schema.Resource{{Decl: schema.Decl{
			Name:  typeName,
			Token: name + ":" + f.ModuleToken + ":" + typeName,
			File:  f,
		}}}
		m.Files = append(m.Files, f)
	}
	// The order the model promises: modules by directory (the root first), files by path.
	slices.SortFunc(pkg.Modules, func(a, b *schema.Module) int { return strings.Compare(a.Dir, b.Dir) })
	for _, m := range pkg.Modules {
		slices.SortFunc(m.Files, func(a, b *schema.File) int { return strings.Compare(a.Path, b.Path) })
	}
	return pkg
}
