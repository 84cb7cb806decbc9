package gostub

import (
	"bytes"
	"fmt"
	"path"
	"slices"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/cidlc/cidlc/idl/model"
)

// How stubs import the stubs of other IDL packages, the runtime and the SDK: jennifer imports a package
// when it renders a jen.Qual of it, under the name nameImports gives it; code refers to a package by
// that name once the file holds a jen.Qual of it (packageGen.qualifier).

// treeImports are how the stubs of any package of a tree import the others' and the runtime's: the
// same for every file, so computed once.
type treeImports struct {
	// paths are the import paths of the stubs of every IDL package.
	paths map[*model.Package]string
	// hints name the stubs of every IDL package, by import path, as nameImports gives them to jennifer.
	hints map[string]importHint
	// names are the names under which every file imports a package, by import path: the runtime's and
	// the SDK's, and the IDL packages' but those jennifer names itself (see newTreeImports).
	names map[string]string
}

// newTreeImports names the imports of the stubs of tree, whose root package's stubs are the package
// root.
func newTreeImports(root string, tree *model.Tree) *treeImports {
	im := &treeImports{paths: make(map[*model.Package]string, len(tree.Packages)),
		hints: make(map[string]importHint, len(tree.Packages)), names: make(map[string]string, len(tree.Packages)+len(runtimeNames))}
	count := make(map[string]int, len(tree.Packages))
	for _, pkg := range tree.Packages {
		h := importOf(root, pkg)
		im.paths[pkg] = h.path
		im.hints[h.path] = h
		count[h.name]++
	}
	for path, h := range im.hints {
		// jennifer numbers the imports of two packages named alike (or named like a keyword) in the
		// order it meets them: only it knows their names.
		if count[h.name] == 1 && !jen.IsReservedWord(h.name) {
			im.names[path] = h.name
		}
	}
	// The stubs import these under their own names, which no IDL package's import takes (importOf
	// gives an IDL package named like one of them another name).
	for path, name := range runtimeNames {
		im.names[path] = name
	}
	return im
}

// runtimeNames are the packages the stubs use besides the IDL's, by import path, and their names.
var runtimeNames = map[string]string{
	runtimePath:  "provider",
	resourcePath: "resource",
	tokensPath:   "tokens",
	assetPath:    "asset",
	archivePath:  "archive",
	regexpPath:   "regexp",
	contextPath:  "context",
	celcheckPath: "celcheck",
}

// fileImports are what the file being generated imports.
type fileImports struct {
	// own is the import path of the stubs being generated: its names need no qualifier.
	own string
	// quals are the packages the file refers to, each at least once with a jen.Qual, which makes
	// jennifer import it.
	quals []string
}

// qualifier is the name under which the file being generated refers to the package path, and true;
// or false when the reference must be a jen.Qual: the first in the file, which makes jennifer import
// the package, or one to a package whose name jennifer decides.
func (g *packageGen) qualifier(path string) (string, bool) {
	f := &g.file
	if path == f.own {
		return "", true
	}
	if !slices.Contains(f.quals, path) {
		f.quals = append(f.quals, path)
		return "", false
	}
	name, known := g.imports.names[path]
	return name, known
}

// startFile forgets the packages the previous file imported, and makes the buffers the next file's.
func (g *packageGen) startFile() {
	g.file.quals = g.file.quals[:0]
	g.buffers.startFile()
}

// checkImports reports a file whose source, as jennifer rendered it, does not import a package it
// refers to: a reference made text while the jen.Qual that imports it was not rendered, a generator
// bug that would otherwise surface as stubs that do not compile.
func (g *packageGen) checkImports(src []byte) error {
	if len(g.file.quals) == 0 {
		return nil
	}
	start := bytes.Index(src, []byte("\nimport "))
	if start < 0 {
		return fmt.Errorf("the stubs refer to %s but import nothing (a cidlc bug)", g.file.quals[0])
	}
	block := src[start:]
	if end := bytes.Index(block, []byte("\n\n")); end >= 0 {
		block = block[:end]
	}
	var quoted [128]byte
	for _, path := range g.file.quals {
		if !bytes.Contains(block, strconv.AppendQuote(quoted[:0], path)) {
			return fmt.Errorf("the stubs refer to %s but do not import it (a cidlc bug)", path)
		}
	}
	return nil
}

// nameImports gives every package the file refers to its real name, where jennifer would guess from
// the path (the stubs of the root IDL package live in `…/provider` but are package `acme`). An IDL
// package named like a local variable of generated code is imported under another name. Only the
// packages the file refers to are named: naming every IDL package in every file cost files × packages.
func (g *packageGen) nameImports(jf *jen.File) {
	for _, path := range g.file.quals {
		if name, ok := runtimeNames[path]; ok {
			jf.ImportName(path, name)
		} else if h, ok := g.imports.hints[path]; ok && h.alias {
			jf.ImportAlias(path, h.name)
		} else if ok {
			jf.ImportName(path, h.name)
		}
	}
}

// importHint is how the stubs import the stubs of an IDL package: by its name, or under an alias.
type importHint struct {
	path, name string
	alias      bool
}

// importOf returns the import of the stubs of the IDL package pkg, whose root package's stubs are the
// package root.
func importOf(root string, pkg *model.Package) importHint {
	p := packageImportPath(root, pkg)
	switch {
	case slices.Contains(bodyLocals, pkg.Name) || slices.Contains(runtimeImports, pkg.Name):
		return importHint{p, pkg.Name + "stubs", true}
	case path.Base(p) != pkg.Name:
		return importHint{p, pkg.Name, true} // said explicitly, as goimports would
	default:
		return importHint{p, pkg.Name, false}
	}
}
