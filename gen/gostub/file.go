package gostub

import (
	"bytes"
	"fmt"
	"go/format"
	"path"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/dave/jennifer/jen"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/gen/gostub/internal/layout"
	"github.com/cidlc/cidlc/gen/textdiff"
	"github.com/cidlc/cidlc/idl/model"
)

// stubFile renders the stubs of the IDL file f: a header naming f, the guard, then f's declarations in
// source order, so that a stub file reads alongside its IDL file. verify is Options.VerifyLayout.
func (g *packageGen) stubFile(f *model.File, verify bool) ([]byte, error) {
	pkg := g.pkg
	g.startFile()
	jf := jen.NewFilePathName(g.file.own, pkg.Name)
	jf.HeaderComment(gen.Header)
	jf.HeaderComment("// Source: " + f.Path)
	// The package doc goes with the package's first file; Go joins the package docs of all files.
	if pkg.Doc != "" && pkg.Files[0] == f {
		jf.PackageComment(doc(pkg.Doc))
	}

	// Who the plugin is goes with the package doc too.
	if pkg.Dir == "" && pkg.Files[0] == f && g.release.Pinned() {
		jf.Add(g.generatePlugin())
	}
	if len(f.Resources) > 0 || len(f.Functions) > 0 || len(f.Structs) > 0 || f.Config != nil {
		jf.Add(g.generateGuard())
	}
	for _, code := range g.decls(f) {
		for _, c := range code {
			jf.Add(c)
		}
	}
	g.nameImports(jf)

	return g.render(jf, stubPath(f.Path), verify)
}

// render renders jf gofmt'd. jennifer writes the code unformatted, and package layout lays it out as
// gofmt would, several times faster than go/format (which would take most of the backend's time); what
// layout does not know, go/format formats, here rather than in jennifer, to report a failure (a
// generator bug) with the source's line numbers. With verify, go/format formats every file too, and a
// layout that differs from it is an error.
func (g *packageGen) render(jf *jen.File, name string, verify bool) ([]byte, error) {
	src := &g.src // jennifer's text is read here and not kept: the buffer serves every file
	src.Reset()
	jf.NoFormat = true
	if err := jf.Render(src); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := g.checkImports(src.Bytes()); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	out, laidOut := layout.Source(src.Bytes())
	if laidOut && !verify {
		return out, nil
	}
	if !laidOut {
		formatFallbacks.Add(1)
	}
	formatted, err := format.Source(src.Bytes())
	if err != nil {
		return nil, fmt.Errorf("%s: generated Go does not parse (a cidlc bug): %v\n%s", name, err, numbered(src.Bytes()))
	}
	if laidOut && !bytes.Equal(out, formatted) {
		return nil, fmt.Errorf("%s: package layout lays it out unlike gofmt (a cidlc bug):\n%s", name,
			textdiff.Unified("gofmt", "layout", formatted, out))
	}
	return formatted, nil
}

// formatFallbacks counts the files that package layout did not lay out, since the process started:
// go/format costs several times more, and the tests check that no stub of theirs needs it.
var formatFallbacks atomic.Int64

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

// generateGuard refers to the runtime's contract version, so that stubs from another cidlc release fail
// to compile instead of misbehaving.
//
//	const _ = provider.StubsV1
func (g *packageGen) generateGuard() jen.Code {
	return g.doc("The stubs need the runtime of the cidlc release that generated them.").id("const _ = ").rt("StubsV1").done()
}

// decls returns the code of f's declarations in source order.
func (g *packageGen) decls(f *model.File) [][]jen.Code {
	var ds [][]jen.Code
	for _, d := range f.Declarations() {
		switch d := d.(type) {
		case *model.Const:
			ds = append(ds, []jen.Code{g.generateConst(d)})
		case *model.Enum:
			ds = append(ds, g.enum(d))
		case *model.Alias:
			ds = append(ds, []jen.Code{g.generateAlias(d)})
		case *model.Struct:
			ds = append(ds, g.structDecl(d))
		case *model.Resource:
			ds = append(ds, g.resource(d))
		case *model.Config:
			ds = append(ds, g.configDecl(d))
		case *model.Function:
			ds = append(ds, g.function(d))
		}
		// A resource alias declares nothing: its properties hold references to the resource.
	}
	return ds
}

// numbered prefixes each line of src with its number, so that a format error's position can be found.
func numbered(src []byte) string {
	var b strings.Builder
	for i, line := range strings.Split(string(src), "\n") {
		fmt.Fprintf(&b, "%5d  %s\n", i+1, line)
	}
	return b.String()
}
