package gostub

import (
	"bytes"
	"fmt"
	"go/format"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/gen/gostub/internal/layout"
	"github.com/cidlc/cidlc/gen/textdiff"
	"github.com/cidlc/cidlc/idl/model"
)

// stubFile renders the stubs of the IDL file f, the stub file name: a header naming f, the guard, then
// f's declarations in source order, so that a stub file reads alongside its IDL file. It returns them
// as jennifer writes them unformatted, their doc comments marks of g.comments, for layOut: the text is
// g.src's, and the next file's overwrites it.
func (g *packageGen) stubFile(f *model.File, name string) ([]byte, error) {
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
	return g.source(jf, name)
}

// source renders jf unformatted into g.src, and checks its imports.
func (g *packageGen) source(jf *jen.File, name string) ([]byte, error) {
	src := &g.src // jennifer's text is read by layOut and not kept: the buffer serves every file
	src.Reset()
	jf.NoFormat = true
	if err := jf.Render(src); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := g.checkImports(src.Bytes()); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return src.Bytes(), nil
}

// layOut appends src, jennifer's text of the stub file name, gofmt'd to dst. Package layout lays it
// out as gofmt would, several times faster than go/format (which would take most of the backend's
// time). What layout refuses, go/format formats (the source with its doc comments in place of their
// marks), here rather than in jennifer, to report a failure (a generator bug) with the source's line
// numbers; opts.Fallback hears of it. With opts.VerifyLayout, go/format formats every file, and a
// layout that differs from it is an error.
func (g *packageGen) layOut(name string, src, dst []byte, opts *Options) ([]byte, error) {
	out, refused := layout.Source(dst, src, &g.comments)
	if refused == nil && !opts.VerifyLayout {
		return out, nil
	}
	whole := g.comments.Expand(src)
	formatted, err := format.Source(whole)
	if err != nil {
		return nil, fmt.Errorf("%s: generated Go does not parse (a cidlc bug): %v\n%s", name, err, numbered(whole))
	}
	if refused != nil {
		if opts.Fallback != nil {
			opts.Fallback(name, refused)
		}
		return append(dst, formatted...), nil
	}
	if laid := out[len(dst):]; !bytes.Equal(laid, formatted) {
		return nil, fmt.Errorf("%s: package layout lays it out unlike gofmt (a cidlc bug):\n%s", name,
			textdiff.Unified("gofmt", "layout", formatted, laid))
	}
	return out, nil
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
