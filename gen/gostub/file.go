package gostub

import (
	"bytes"
	"fmt"
	"go/format"
	"path"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/idl/model"
)

// stubFile renders the stubs of the IDL file f: a header naming f, the guard, then f's declarations in
// source order, so that a stub file reads alongside its IDL file.
func (g *packageGen) stubFile(f *model.File) ([]byte, error) {
	pkg := g.pkg
	jf := jen.NewFilePathName(packageImportPath(g.root, pkg), pkg.Name)
	jf.HeaderComment(gen.Header)
	jf.HeaderComment("// Source: " + f.Path)
	// The package doc goes with the package's first file; Go joins the package docs of all files.
	if pkg.Doc != "" && pkg.Files[0] == f {
		jf.PackageComment(doc(pkg.Doc))
	}
	g.nameImports(jf)

	if len(f.Resources) > 0 || len(f.Structs) > 0 {
		jf.Add(generateGuard())
	}
	for _, d := range g.decls(f) {
		for _, c := range d.code {
			jf.Add(c)
		}
	}

	return render(jf, stubPath(f.Path))
}

// render formats jf. gofmt is run here rather than by jennifer, to report a failure (a generator bug)
// with the source's line numbers.
func render(jf *jen.File, name string) ([]byte, error) {
	var src bytes.Buffer
	jf.NoFormat = true
	if err := jf.Render(&src); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	out, err := format.Source(src.Bytes())
	if err != nil {
		return nil, fmt.Errorf("%s: generated Go does not parse (a cidlc bug): %v\n%s", name, err, numbered(src.Bytes()))
	}
	return out, nil
}

// nameImports gives every package the stubs may import its real name, where jennifer would guess from
// the path (the stubs of the root IDL package live in `…/provider` but are package `acme`). An IDL
// package named like a local variable of generated code is imported under another name.
func (g *packageGen) nameImports(jf *jen.File) {
	jf.ImportNames(map[string]string{
		runtimePath:  "provider",
		resourcePath: "resource",
		tokensPath:   "tokens",
		assetPath:    "asset",
		archivePath:  "archive",
		regexpPath:   "regexp",
	})
	for _, other := range g.pkg.Tree.Packages {
		p := packageImportPath(g.root, other)
		switch {
		case slices.Contains(bodyLocals, other.Name) || slices.Contains(runtimeImports, other.Name):
			jf.ImportAlias(p, other.Name+"stubs")
		case path.Base(p) != other.Name:
			jf.ImportAlias(p, other.Name) // said explicitly, as goimports would
		default:
			jf.ImportName(p, other.Name)
		}
	}
}

// generateGuard refers to the runtime's contract version, so that stubs from another cidlc release fail
// to compile instead of misbehaving.
//
//	const _ = provider.StubsV1
func generateGuard() jen.Code {
	return withDoc("The stubs need the runtime of the cidlc release that generated them.",
		jen.Const().Id("_").Op("=").Add(rt("StubsV1")))
}

// declCode is the code of one IDL declaration, placed by the declaration's source position.
type declCode struct {
	offset int
	code   []jen.Code
}

// decls returns the code of f's declarations in source order.
func (g *packageGen) decls(f *model.File) []declCode {
	var ds []declCode
	for _, c := range f.Consts {
		ds = append(ds, declCode{c.Pos.Offset, []jen.Code{g.generateConst(c)}})
	}
	for _, e := range f.Enums {
		ds = append(ds, declCode{e.Pos.Offset, g.enum(e)})
	}
	for _, a := range f.Aliases {
		ds = append(ds, declCode{a.Pos.Offset, []jen.Code{g.generateAlias(a)}})
	}
	for _, s := range f.Structs {
		ds = append(ds, declCode{s.Pos.Offset, g.structDecl(s)})
	}
	for _, r := range f.Resources {
		ds = append(ds, declCode{r.Pos.Offset, g.resource(r)})
	}
	slices.SortStableFunc(ds, func(a, b declCode) int { return a.offset - b.offset })
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
