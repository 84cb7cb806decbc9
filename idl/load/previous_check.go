package load

import (
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/scanner"
	"go/token"
	"go/types"
	"iter"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"

	"github.com/cidlc/cidlc/internal/base/parallel"
)

// parse parses the files of the packages that were not reused, but for those l parsed from the same
// bytes, on every CPU, into l's file set under the names they have below l's root.
func (ld *previousLoad) parse() error {
	ld.syntax = map[string][]*ast.File{}
	var rels []string
	for dir, names := range ld.dirs {
		if ld.pkgs[dir] != nil {
			continue
		}
		ld.syntax[dir] = make([]*ast.File, len(names))
		for _, name := range names {
			rels = append(rels, path.Join(dir, name))
		}
	}
	early := ld.prev.early
	if ld.prev.earlyFset != ld.l.fset || ld.prev.earlyRoot != ld.l.root {
		early = nil // parsed for another load: positions would not be this load's
	}
	var todo []string
	for _, rel := range rels {
		// A file l parsed from the same bytes is that syntax tree: type-checking does not change it.
		if ld.sameSyntax[rel] == nil && early[rel].file == nil {
			todo = append(todo, rel)
		}
	}
	done := parseFiles(ld.l.fset, ld.l.root, ld.prev.Files, todo)
	for dir, names := range ld.dirs {
		for i, name := range names {
			rel := path.Join(dir, name)
			switch p, ok := done[rel]; {
			case ld.syntax[dir] == nil:
			case ld.sameSyntax[rel] != nil:
				ld.syntax[dir][i] = ld.sameSyntax[rel]
			case ok:
				ld.syntax[dir][i] = p.file
				ld.diags = append(ld.diags, parseErrors(p.err)...)
			default:
				ld.syntax[dir][i] = early[rel].file
				ld.diags = append(ld.diags, parseErrors(early[rel].err)...)
			}
		}
	}
	if len(ld.diags) > 0 {
		// Like the go command, keep the first error of each line.
		return ld.shown(firstPerLine(ld.diags))
	}
	return nil
}

// parsed is a file parsed, and the error of its parse.
type parsed struct {
	file *ast.File
	err  error
}

// parseFiles parses the files rels of files, on every CPU, into fset under the names they have below
// root.
func parseFiles(fset *token.FileSet, root string, files map[string][]byte, rels []string) map[string]parsed {
	out := make(map[string]parsed, len(rels))
	var mu sync.Mutex
	parallel.For(len(rels), func(i int) {
		rel := rels[i]
		f, err := ParseFile(fset, filepath.Join(root, filepath.FromSlash(rel)), files[rel])
		mu.Lock()
		out[rel] = parsed{f, err}
		mu.Unlock()
	})
	return out
}

// ParseEarly parses the Go files of p that are not OnDisk into fset, as Loaded.Previous will want them
// for the IDL in dir, so that a caller can do it while the IDL loads (into the same file set:
// Config.FileSet), when a CPU is free while the go command lists the packages. Previous uses them
// only if the load did share fset.
func (p *Previous) ParseEarly(fset *token.FileSet, dir string) {
	root, err := filepath.Abs(dir)
	if err != nil {
		return
	}
	if resolved, err := filepath.EvalSymlinks(root); err == nil {
		root = resolved
	}
	var rels []string
	for rel := range p.Files {
		if strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go") && !p.OnDisk[rel] {
			rels = append(rels, rel)
		}
	}
	p.early, p.earlyFset, p.earlyRoot = parseFiles(fset, root, p.Files, rels), fset, root
}

// parseErrors turns the error of a parse into diagnostics.
func parseErrors(err error) []Diagnostic {
	var list scanner.ErrorList
	switch {
	case err == nil:
		return nil
	case errors.As(err, &list):
		var diags []Diagnostic
		for _, e := range list {
			diags = append(diags, Diagnostic{Pos: e.Pos, Msg: e.Msg})
		}
		return diags
	}
	return []Diagnostic{{Msg: err.Error()}}
}

// external finds the packages from outside the tree that the parsed files import: in l's load, or, for
// those l's tree does not import, in a load of their own.
func (ld *previousLoad) external() error {
	ld.imports = map[string]*packages.Package{}
	packages.Visit(ld.l.pkgs, nil, func(p *packages.Package) {
		if _, inTree := ld.treeDir(p.PkgPath); !inTree && p.Types != nil {
			ld.imports[p.PkgPath] = p
		}
	})
	var missing []string
	for _, files := range ld.syntax {
		for imp := range ld.importsOf(files) {
			if _, inTree := ld.treeDir(imp); !inTree && ld.imports[imp] == nil && imp != "C" && imp != "unsafe" && !slices.Contains(missing, imp) {
				missing = append(missing, imp)
			}
		}
	}
	if len(missing) == 0 {
		return nil
	}
	slices.Sort(missing)
	pkgs, err := packages.Load(&packages.Config{Mode: loadMode, Dir: ld.l.root, Fset: token.NewFileSet(), ParseFile: ParseFile}, missing...)
	if err != nil {
		return fmt.Errorf("%s: loading the packages the previous IDL imports with the go command: %w", ld.prev.Show("."), err)
	}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p.Types != nil && len(p.Errors) == 0 && ld.imports[p.PkgPath] == nil {
			ld.imports[p.PkgPath] = p
		}
	})
	return nil
}

// checkAll type-checks the packages that were not reused, each after the IDL packages it imports, as
// many at a time as there are CPUs. An import cycle is reported, as the go command does, and stops it.
func (ld *previousLoad) checkAll() {
	deps := map[string][]string{}
	for dir, files := range ld.syntax {
		for imp := range ld.importsOf(files) {
			if dep, inTree := ld.treeDir(imp); inTree && ld.syntax[dep] != nil && !slices.Contains(deps[dir], dep) {
				deps[dir] = append(deps[dir], dep)
			}
		}
	}
	// Each package's level is one more than the highest of the packages it imports; a level's packages
	// only import those of lower levels.
	level := map[string]int{}
	const visiting = -1
	var visit func(dir string) bool
	visit = func(dir string) bool {
		if level[dir] > 0 {
			return true
		}
		level[dir] = visiting
		l := 1
		for _, dep := range deps[dir] {
			if level[dep] == visiting {
				ld.diags = append(ld.diags, Diagnostic{Pos: ld.importPos(dir, dep),
					Msg: fmt.Sprintf("import cycle not allowed: %s imports %s", ld.packagePath(dir), ld.packagePath(dep))})
				return false
			}
			if !visit(dep) {
				return false
			}
			l = max(l, level[dep]+1)
		}
		level[dir] = l
		return true
	}
	var byLevel [][]string
	for _, dir := range slices.Sorted(maps.Keys(ld.syntax)) {
		if !visit(dir) {
			return
		}
		for len(byLevel) < level[dir] {
			byLevel = append(byLevel, nil)
		}
	}
	for dir, l := range level {
		byLevel[l-1] = append(byLevel[l-1], dir)
	}
	for _, dirs := range byLevel {
		parallel.For(len(dirs), func(i int) { ld.check(dirs[i]) })
	}
}

// importsOf yields the imports of files, each under the path it is loaded as (importPath), with its
// spec.
func (ld *previousLoad) importsOf(files []*ast.File) iter.Seq2[string, *ast.ImportSpec] {
	return func(yield func(string, *ast.ImportSpec) bool) {
		for _, f := range files {
			for _, spec := range f.Imports {
				if imp, err := strconv.Unquote(spec.Path.Value); err == nil && !yield(ld.importPath(imp), spec) {
					return
				}
			}
		}
	}
}

// importPos returns the position of the import of the IDL package in dep by the package in dir.
func (ld *previousLoad) importPos(dir, dep string) token.Position {
	for imp, spec := range ld.importsOf(ld.syntax[dir]) {
		if imp == ld.packagePath(dep) {
			return ld.l.fset.Position(spec.Path.Pos())
		}
	}
	return token.Position{}
}

// packagePath is the import path of the IDL package in dir.
func (ld *previousLoad) packagePath(dir string) string {
	if dir == "" {
		return ld.rootPath
	}
	return ld.rootPath + "/" + dir
}

// check type-checks the package in dir; the IDL packages it imports are done.
func (ld *previousLoad) check(dir string) {
	pkgPath := ld.packagePath(dir)
	var diags []Diagnostic
	conf := types.Config{
		Importer: importerFunc(func(imp string) (*types.Package, error) {
			imp = ld.importPath(imp)
			if dep, inTree := ld.treeDir(imp); inTree {
				ld.mu.Lock()
				p := ld.pkgs[dep]
				ld.mu.Unlock()
				if p == nil {
					return nil, fmt.Errorf("no IDL package %s in the previous version", imp)
				}
				return p.Types, nil
			}
			if imp == "unsafe" {
				return types.Unsafe, nil
			}
			if p := ld.imports[imp]; p != nil {
				return p.Types, nil
			}
			return nil, fmt.Errorf("could not import %s", imp)
		}),
		Sizes: types.SizesFor("gc", build.Default.GOARCH),
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				diags = append(diags, Diagnostic{Pos: te.Fset.Position(te.Pos), Msg: te.Msg})
			}
		},
	}
	if m := ld.module(); m != nil && m.GoVersion != "" {
		conf.GoVersion = "go" + m.GoVersion
	}
	// What the builder asks of it (TypeOf, Defs) and nothing more: the maps are most of a check's garbage.
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{},
		Defs:  map[*ast.Ident]types.Object{},
		Uses:  map[*ast.Ident]types.Object{},
	}
	files := ld.syntax[dir]
	tpkg, _ := conf.Check(pkgPath, ld.l.fset, files, info)
	var goFiles []string
	for _, name := range ld.dirs[dir] {
		goFiles = append(goFiles, filepath.Join(ld.l.root, filepath.FromSlash(path.Join(dir, name))))
	}
	p := &packages.Package{ID: pkgPath, Name: tpkg.Name(), PkgPath: pkgPath, GoFiles: goFiles,
		Syntax: files, Types: tpkg, TypesInfo: info, Module: ld.module(), Imports: map[string]*packages.Package{}}
	ld.mu.Lock()
	// The imports, as go/packages gives them: the builder finds package idl's markers through them.
	for imp := range ld.importsOf(files) {
		dep, inTree := ld.treeDir(imp)
		switch {
		case inTree && ld.pkgs[dep] != nil:
			p.Imports[imp] = ld.pkgs[dep]
		case !inTree && ld.imports[imp] != nil:
			p.Imports[imp] = ld.imports[imp]
		}
	}
	ld.pkgs[dir] = p
	ld.diags = append(ld.diags, diags...)
	ld.mu.Unlock()
}

// module is the Go module the loaded tree is in.
func (ld *previousLoad) module() *packages.Module {
	for _, p := range ld.l.pkgs {
		if p.Module != nil {
			return p.Module
		}
	}
	return nil
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// firstPerLine keeps the first diagnostic of each line, as goErrors does for parse errors.
func firstPerLine(diags []Diagnostic) []Diagnostic {
	seen := map[string]bool{}
	var out []Diagnostic
	for _, d := range Diagnostics(diags).Sorted() {
		key := d.Pos.Filename + ":" + strconv.Itoa(d.Pos.Line)
		if !seen[key] {
			seen[key] = true
			out = append(out, d)
		}
	}
	return out
}
