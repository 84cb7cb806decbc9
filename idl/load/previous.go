package load

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/scanner"
	"go/token"
	"go/types"
	"io"
	"io/fs"
	"maps"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
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
	return &Loaded{cfg: Config{Dir: l.cfg.Dir, Name: l.cfg.Name, WorkDir: l.wd}, wd: l.wd, root: l.root, fset: l.fset, pkgs: pkgs,
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
	syntax     map[string][]*ast.File // the files of the packages to type-check
	imports    map[string]*types.Package
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

// parse parses the files of the packages that were not reused, but for those l parsed from the same
// bytes, on every CPU, into l's file set under the names they have below l's root.
func (ld *previousLoad) parse() error {
	type job struct {
		dir  string
		i    int
		name string
	}
	var jobs []job
	ld.syntax = map[string][]*ast.File{}
	for dir, names := range ld.dirs {
		if ld.pkgs[dir] != nil {
			continue
		}
		ld.syntax[dir] = make([]*ast.File, len(names))
		for i, name := range names {
			// A file l parsed from the same bytes is that syntax tree: type-checking does not change it.
			if f := ld.sameSyntax[path.Join(dir, name)]; f != nil {
				ld.syntax[dir][i] = f
				continue
			}
			jobs = append(jobs, job{dir, i, name})
		}
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	next := make(chan job)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				rel := path.Join(j.dir, j.name)
				f, err := ParseFile(ld.l.fset, filepath.Join(ld.l.root, filepath.FromSlash(rel)), ld.prev.Files[rel])
				mu.Lock()
				ld.syntax[j.dir][j.i] = f
				ld.diags = append(ld.diags, parseErrors(err)...)
				mu.Unlock()
			}
		}()
	}
	for _, j := range jobs {
		next <- j
	}
	close(next)
	wg.Wait()
	if len(ld.diags) > 0 {
		// Like the go command, keep the first error of each line.
		return ld.shown(firstPerLine(ld.diags))
	}
	return nil
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
	ld.imports = map[string]*types.Package{}
	packages.Visit(ld.l.pkgs, nil, func(p *packages.Package) {
		if _, inTree := ld.treeDir(p.PkgPath); !inTree && p.Types != nil {
			ld.imports[p.PkgPath] = p.Types
		}
	})
	var missing []string
	for _, files := range ld.syntax {
		for _, f := range files {
			for _, spec := range f.Imports {
				imp, err := strconv.Unquote(spec.Path.Value)
				if err != nil {
					continue
				}
				imp = ld.importPath(imp)
				if _, inTree := ld.treeDir(imp); !inTree && ld.imports[imp] == nil && imp != "C" && imp != "unsafe" && !slices.Contains(missing, imp) {
					missing = append(missing, imp)
				}
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
			ld.imports[p.PkgPath] = p.Types
		}
	})
	return nil
}

// checkAll type-checks the packages that were not reused, each after the IDL packages it imports, as
// many at a time as there are CPUs. An import cycle is reported, as the go command does, and stops it.
func (ld *previousLoad) checkAll() {
	deps := map[string][]string{}
	for dir, files := range ld.syntax {
		for _, f := range files {
			for _, spec := range f.Imports {
				imp, err := strconv.Unquote(spec.Path.Value)
				if err != nil {
					continue
				}
				if dep, inTree := ld.treeDir(ld.importPath(imp)); inTree && ld.syntax[dep] != nil && !slices.Contains(deps[dir], dep) {
					deps[dir] = append(deps[dir], dep)
				}
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
		var wg sync.WaitGroup
		next := make(chan string)
		for range min(runtime.GOMAXPROCS(0), len(dirs)) {
			wg.Go(func() {
				for dir := range next {
					ld.check(dir)
				}
			})
		}
		for _, dir := range dirs {
			next <- dir
		}
		close(next)
		wg.Wait()
	}
}

// importPos returns the position of the import of the IDL package in dep by the package in dir.
func (ld *previousLoad) importPos(dir, dep string) token.Position {
	for _, f := range ld.syntax[dir] {
		for _, spec := range f.Imports {
			if imp, err := strconv.Unquote(spec.Path.Value); err == nil && ld.importPath(imp) == ld.packagePath(dep) {
				return ld.l.fset.Position(spec.Path.Pos())
			}
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
			if t := ld.imports[imp]; t != nil {
				return t, nil
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
	info := &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Scopes:       map[ast.Node]*types.Scope{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		FileVersions: map[*ast.File]string{},
	}
	files := ld.syntax[dir]
	tpkg, _ := conf.Check(pkgPath, ld.l.fset, files, info)
	var goFiles []string
	for _, name := range ld.dirs[dir] {
		goFiles = append(goFiles, filepath.Join(ld.l.root, filepath.FromSlash(path.Join(dir, name))))
	}
	p := &packages.Package{ID: pkgPath, Name: tpkg.Name(), PkgPath: pkgPath, GoFiles: goFiles,
		Syntax: files, Types: tpkg, TypesInfo: info, Module: ld.module()}
	ld.mu.Lock()
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

// previousPackages returns the IDL packages of a tree's files: the directories that `go list ./...`
// would take for packages, with the names of the Go files go/build would compile in each, sorted.
func previousPackages(files map[string][]byte) map[string][]string {
	modules := map[string]bool{} // directories with a go.mod of their own: nested modules
	for name := range files {
		if path.Base(name) == "go.mod" && path.Dir(name) != "." {
			modules[path.Dir(name)] = true
		}
	}
	ctx := build.Default
	ctx.OpenFile = func(name string) (io.ReadCloser, error) {
		content, ok := files[filepath.ToSlash(name)]
		if !ok {
			return nil, fs.ErrNotExist
		}
		return io.NopCloser(bytes.NewReader(content)), nil
	}
	ctx.JoinPath = path.Join
	dirs := map[string][]string{}
	for name := range files {
		dir, base := path.Dir(name), path.Base(name)
		if !strings.HasSuffix(base, ".go") || strings.HasSuffix(base, "_test.go") || skippedDir(dir, modules) {
			continue
		}
		if ok, err := ctx.MatchFile(dir, base); err != nil || !ok {
			continue
		}
		if dir == "." {
			dir = ""
		}
		dirs[dir] = append(dirs[dir], base)
	}
	for _, names := range dirs {
		slices.Sort(names)
	}
	return dirs
}

// skippedDir reports whether `go list ./...` leaves the directory out: testdata, vendor, names starting
// with . or _, or a nested module, at any level below the root.
func skippedDir(dir string, modules map[string]bool) bool {
	if dir == "." {
		return false
	}
	for d := dir; d != "."; d = path.Dir(d) {
		base := path.Base(d)
		if base == "testdata" || base == "vendor" || strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_") || modules[d] {
			return true
		}
	}
	return false
}

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
