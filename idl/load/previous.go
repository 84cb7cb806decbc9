package load

import (
	"crypto/sha256"
	"go/ast"
	"go/token"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"
)

// Previous is another version of an IDL tree (an earlier release, a git revision), to be loaded in
// place of the tree a Loaded holds.
type Previous struct {
	// Files are the files of the tree by slash-separated path relative to its root. Only the Go files
	// and go.mod files count; others are ignored.
	Files map[string][]byte
	// Path is the Go import path of the tree's root as its own files import it, when it differs from the
	// loaded tree's: a copy of the tree kept in another directory of a module. "" means the same.
	Path string
	// Show names a file of the tree in positions, given its path relative to the root: a path on disk,
	// or `v1.2.0:idl/network/vpc.go` for a git revision.
	Show func(rel string) string
	// OnDisk are the files known to be byte for byte the loaded tree's own at the same path, by path:
	// its load parses them, so ParseEarly leaves them out.
	OnDisk map[string]bool
	// Name is the package name (--name) the tree was generated with, when NameKnown: "" for its root
	// package's Go name. Otherwise it is loaded with the loaded tree's name.
	Name      string
	NameKnown bool

	// early are the files ParseEarly parsed, into earlyFset as below earlyRoot.
	early     map[string]parsed
	earlyFset *token.FileSet
	earlyRoot string
}

// Previous loads prev in the place of the tree l holds: in the same Go module, under the same import
// paths, with the same package idl, so that the two models differ only where the sources do. Its model
// (Loaded.Model) names files as prev.Show does. Go errors of prev are Diagnostics, as Load's are.
//
// It costs far less than a second Load. It does not run the go command: it takes the Go packages that
// the previous tree imports from outside itself (package idl, and any other) from l's load, and each
// IDL package whose files are byte for byte those l loaded, and whose IDL imports are all such
// packages too, is l's package itself. It parses and type-checks only the packages that differ.
// Packages are found as `go list ./...` would find them: not in testdata, vendor, nor directories whose
// names start with . or _, nor in a nested module; files as go/build matches them for this system.
func (l *Loaded) Previous(prev Previous) (*Loaded, error) {
	rootPath := l.rootImportPath()
	dirs := previousPackages(prev.Files)
	if len(dirs) == 0 {
		return nil, Diagnostics{{Pos: token.Position{Filename: prev.Show(".")}, Msg: "no Go files in the IDL directory or below it"}}
	}
	newByDir := map[string]*packages.Package{}
	c := newBuilder(l.fset, l.root, "")
	for _, p := range l.pkgs {
		newByDir[c.relDir(p)] = p
	}
	ld := &previousLoad{l: l, prev: prev, rootPath: rootPath, dirs: dirs, newByDir: newByDir,
		pkgs: map[string]*packages.Package{}}
	ld.reuse()
	if err := ld.parse(); err != nil {
		return nil, err
	}
	if err := ld.external(); err != nil {
		return nil, err
	}
	ld.checkAll()
	if len(ld.diags) > 0 {
		return nil, ld.shown(ld.diags)
	}
	var pkgs []*packages.Package
	for _, dir := range slices.Sorted(maps.Keys(dirs)) {
		pkgs = append(pkgs, ld.pkgs[dir])
	}
	name := l.cfg.Name
	if prev.NameKnown {
		name = prev.Name
	}
	return &Loaded{cfg: Config{Dir: l.cfg.Dir, Name: name, WorkDir: l.wd}, wd: l.wd, root: l.root, fset: l.fset, pkgs: pkgs,
		show: ld.show}, nil
}

// previousLoad is the state of one Previous.
type previousLoad struct {
	l        *Loaded
	prev     Previous
	rootPath string
	dirs     map[string][]string // package directory → its Go files' names
	newByDir map[string]*packages.Package

	// sameSyntax are the syntax trees of l's files that the previous version has byte for byte, by path.
	sameSyntax map[string]*ast.File
	syntax     map[string][]*ast.File       // the files of the packages to type-check
	imports    map[string]*packages.Package // the packages from outside the tree, by import path
	pkgs       map[string]*packages.Package // done: reused or type-checked
	mu         sync.Mutex                   // guards pkgs and diags while packages are type-checked
	diags      []Diagnostic
}

// show names an absolute file name below the root as Previous.Show does.
func (ld *previousLoad) show(filename string) string {
	rel, err := filepath.Rel(ld.l.root, filename)
	if err != nil || !filepath.IsLocal(rel) && rel != "." {
		return filename
	}
	return ld.prev.Show(filepath.ToSlash(rel))
}

// shown returns diagnostics with their files named as Previous.Show does, sorted.
func (ld *previousLoad) shown(diags []Diagnostic) Diagnostics {
	for i := range diags {
		diags[i].Pos.Filename = ld.show(diags[i].Pos.Filename)
	}
	return sortAndRelativize(diags, ld.l.wd)
}

// reuse finds the files of the previous version that are byte for byte those l loaded (by the SHA-256
// the load took as it parsed them), whose syntax trees it keeps, and takes l's package for each
// directory whose files all are, and whose imports inside the tree are all taken too: its types are the
// ones the previous version would have.
func (ld *previousLoad) reuse() {
	ld.sameSyntax = map[string]*ast.File{}
	same := map[string]bool{}
	for dir, names := range ld.dirs {
		p := ld.newByDir[dir]
		if p == nil {
			continue
		}
		syntax := map[string]*ast.File{}
		for _, f := range p.Syntax {
			syntax[ld.l.fset.File(f.FileStart).Name()] = f
		}
		identical := 0
		for _, name := range p.GoFiles {
			rel := path.Join(dir, filepath.Base(name))
			sum, ok := ld.l.sums.sums[name]
			content, inPrev := ld.prev.Files[rel]
			if ok && inPrev && syntax[name] != nil && slices.Contains(names, filepath.Base(name)) && sha256.Sum256(content) == sum {
				ld.sameSyntax[rel] = syntax[name]
				identical++
			}
		}
		same[dir] = identical == len(names) && identical == len(p.GoFiles)
	}
	for changed := true; changed; {
		changed = false
		for dir := range same {
			if !same[dir] {
				continue
			}
			for imp := range ld.newByDir[dir].Imports {
				if dep, inTree := ld.treeDir(imp); inTree && !same[dep] {
					same[dir], changed = false, true
					break
				}
			}
		}
	}
	for dir, ok := range same {
		if ok {
			ld.pkgs[dir] = ld.newByDir[dir]
		}
	}
}

// treeDir returns the directory of the IDL package with import path imp (as the loaded tree names it),
// and whether it is one.
func (ld *previousLoad) treeDir(imp string) (string, bool) {
	if imp == ld.rootPath {
		return "", true
	}
	rest, ok := strings.CutPrefix(imp, ld.rootPath+"/")
	return rest, ok
}

// importPath returns the import path under which an import of the previous tree is loaded: the
// previous tree's own packages under the loaded tree's paths.
func (ld *previousLoad) importPath(imp string) string {
	if old := ld.prev.Path; old != "" && old != ld.rootPath {
		if imp == old {
			return ld.rootPath
		}
		if rest, ok := strings.CutPrefix(imp, old+"/"); ok {
			return ld.rootPath + "/" + rest
		}
	}
	return imp
}

// rootImportPath returns the import path of the IDL root directory.
func (l *Loaded) rootImportPath() string {
	c := newBuilder(l.fset, l.root, "")
	for _, p := range l.pkgs {
		if dir := c.relDir(p); dir == "" {
			return p.PkgPath
		} else if rest, ok := strings.CutSuffix(p.PkgPath, "/"+dir); ok {
			return rest
		}
	}
	return ""
}
