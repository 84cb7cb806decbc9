package typescript

import (
	"path"
	"slices"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/idl/model"
)

// A packageDir is one directory of the generated package. Every directory of an IDL package gets one, and
// so does every directory above one (an IDL may have a/b/ without a Go package in a/): each has an
// index.ts, the barrel that re-exports its files and exposes its sub-directories as namespaces.
type packageDir struct {
	dir     string         // relative to the package root, slash-separated; "" for the root
	pkg     *model.Package // the IDL package in the directory, if any
	files   []*model.File  // the package's files that generate a .ts of their own
	index   *model.File    // index.go, whose declarations go into the barrel itself
	subdirs []string       // the directories right below, sorted
}

// packageDirs returns the directories of pkg's package by path.
func packageDirs(tree *model.Tree) map[string]*packageDir {
	dirs := map[string]*packageDir{"": {dir: ""}}
	var add func(dir string) *packageDir
	add = func(dir string) *packageDir {
		if d, ok := dirs[dir]; ok {
			return d
		}
		d := &packageDir{dir: dir}
		dirs[dir] = d
		parent := add(dirOf(dir))
		parent.subdirs = append(parent.subdirs, dir)
		return d
	}
	for _, pkg := range tree.Packages {
		d := add(pkg.Dir)
		d.pkg = pkg
		for _, f := range pkg.Files {
			switch {
			case path.Base(f.Path) == "index.go":
				// index.ts is the barrel: the file's declarations join it rather than clash with it.
				d.index = f
			case hasDeclarations(f):
				d.files = append(d.files, f)
			}
		}
	}
	for _, d := range dirs {
		slices.Sort(d.subdirs)
	}
	return dirs
}

// namespaceView is what the "namespace" template renders: the export of a sub-directory.
type namespaceView struct {
	Doc  string
	Name string // the namespace's name: the directory's name, quoted when it is not an identifier
	From string // the module specifier, as a literal
}

// strictReserved are the words that tsc refuses as the name of `export * as NAME` in a module, though
// they are IdentifierNames: those reserved in strict mode, and await. (class, new and the other keywords
// it takes.) A directory so named is exported under a quoted name.
var strictReserved = map[string]bool{
	"implements": true, "interface": true, "let": true, "package": true, "private": true, "protected": true,
	"public": true, "static": true, "yield": true, "await": true,
}

// barrel renders the index.ts of d, one of dirs, appended to dst (see renderFile), and returns its
// scope, which says which of the package's value imports it uses: the runtime of lazy re-exports, and in
// the declarations of an index.go the runtime of contracts and the release. It re-exports d's files
// without loading them (see lazy.go), exposes the sub-directories as namespaces, holds the index.go's
// declarations, and registers the resources of all of them.
func barrel(dst []byte, tree *model.Tree, names twinNames, provider providerNames, release gen.Release, dirs map[string]*packageDir, d *packageDir) (content []byte, scope *importSet, err error) {
	self := path.Join(d.dir, "index")
	source := d.dir + "/"
	if d.dir == "" {
		source = "./"
	}
	if d.index != nil {
		source = d.index.Path
	}
	var modules []*lazyModule
	siblings := map[string]bool{}
	for _, f := range d.files {
		modules = append(modules, moduleExports(d.dir, f, names))
		siblings[path.Base(tsPath(f))] = true
	}
	configured := d.dir == "" && tree.Config != nil
	if configured {
		modules = append(modules, providerExports(provider))
	}
	registered := d.files
	if d.index != nil {
		registered = append([]*model.File{d.index}, registered...)
	}
	registers := slices.ContainsFunc(registered, func(f *model.File) bool { return len(f.Resources) > 0 })
	g := newBarrelGen(tree, names, release, self, d.index, modules, registers)
	defer g.done()
	add := g.block
	if d.dir == "" && tree.Doc != "" {
		if err := add("packageDoc", tree.Doc); err != nil {
			return nil, nil, err
		}
	}
	for _, m := range modules {
		if err := add("lazyModule", m); err != nil {
			return nil, nil, err
		}
	}
	for _, sub := range d.subdirs {
		base := path.Base(sub)
		from := "./" + base
		if siblings[base] {
			// "./network" would name the sibling file network.ts, which module resolution tries first.
			from += "/index"
		}
		name := base
		if !isIdentifierName(base) || strictReserved[base] {
			// An arbitrary module namespace name, as ES2022 allows: `export * as "my-mod"`.
			name = jsString(base)
		}
		var doc string
		if pkg := dirs[sub].pkg; pkg != nil {
			doc = pkg.Doc
		}
		if err := add("namespace", namespaceView{Doc: doc, Name: name, From: jsString(from)}); err != nil {
			return nil, nil, err
		}
	}
	if configured {
		if err := add("namespace", configNamespace(tree.Name, provider)); err != nil {
			return nil, nil, err
		}
	}
	decls, err := g.declarations()
	if err != nil {
		return nil, nil, err
	}
	if registers {
		if err := g.registration(registered); err != nil {
			return nil, nil, err
		}
	}
	if len(modules) == 0 && len(d.subdirs) == 0 && decls == 0 {
		if err := add("emptyModule", nil); err != nil {
			return nil, nil, err
		}
	}
	content, err = g.content(dst, source)
	return content, g.scope, err
}
