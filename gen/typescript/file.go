package typescript

import (
	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/idl/model"
)

// A fileGen renders one generated .ts file: the declarations of one IDL file, and for a barrel the
// exports of its directory.
type fileGen struct {
	tree    *model.Tree
	names   twinNames
	release gen.Release // the release the package belongs to; see usesRelease
	file    *model.File // nil for the barrel of a directory without an index.go
	path    string      // the file's path in the package, without .ts
	scope   *importSet
	// errorCtor is how the file's code names JavaScript's Error: the IDL may declare a type called Error.
	errorCtor string
	// promiseType is how the file's code names JavaScript's Promise, for the same reason.
	promiseType string
	// structContracts name the functions of the contracts of the structs the file's resources hold, in
	// structOrder (see contracts.go).
	structContracts map[*model.Struct]string
	structOrder     []*model.Struct
}

// fileView is what the "file" template renders.
type fileView struct {
	Header  string
	Source  string // the IDL file, or directory, the file comes from
	Imports importsView
	Blocks  []string // the file's declarations and statements, each without the final newline
}

func newFileGen(tree *model.Tree, names twinNames, release gen.Release, path string, f *model.File) *fileGen {
	g := &fileGen{tree: tree, names: names, release: release, file: f, path: path, errorCtor: "Error", promiseType: "Promise",
		structContracts: map[*model.Struct]string{}}
	own := ownNames(f, names)
	var reserved []string
	// global names the file's code uses as the global they are: a declaration of the file wins in its
	// scope, so the code reaches the global through globalThis; an imported name is renamed instead.
	global := func(name string, local *string) {
		if taken(own, name) {
			*local = "globalThis." + name
		} else {
			reserved = append(reserved, name)
		}
	}
	if f != nil && len(f.Resources)+len(f.Functions) > 0 {
		global("Error", &g.errorCtor) // resource and function code throws Errors
	}
	if f != nil && len(f.Functions) > 0 {
		global("Promise", &g.promiseType) // what the plain form of a function returns
	}
	g.scope = newImportSet(path, own, reserved...)
	return g
}

// declarations renders the file's declarations in source order, then the registration of its resources,
// then the contracts of the structs its resources and functions hold.
func (g *fileGen) declarations() ([]string, error) {
	if g.file == nil {
		return nil, nil
	}
	var blocks []string
	for _, d := range g.file.Declarations() {
		var block string
		var err error
		switch d := d.(type) {
		case *model.Resource:
			block, err = g.resource(d)
		case *model.Function:
			block, err = g.function(d)
		case *model.Struct:
			block, err = g.structDecl(d)
		case *model.Enum:
			block, err = g.enum(d)
		case *model.Alias:
			block, err = g.alias(d)
		case *model.ResourceAlias:
			// Another name for the resource's class, for references only: export type ActionTarget = Topic.
			block, err = g.alias(&model.Alias{Decl: d.Decl, Type: &model.Type{Kind: model.Capability, Ref: d.Ref, Resource: d.Resource}})
		case *model.Const:
			block, err = g.constDecl(d)
		case *model.Config:
			continue // the package's own modules hold it: see config.go
		}
		if err != nil {
			return nil, err
		}
		blocks = append(blocks, block)
	}
	if len(g.file.Resources) > 0 {
		block, err := g.registration()
		if err != nil {
			return nil, err
		}
		blocks = append(blocks, block)
	}
	contracts, err := g.structContractFunctions()
	if err != nil {
		return nil, err
	}
	return append(blocks, contracts...), nil
}

// content renders the whole file around blocks. It comes last: rendering the blocks is what fills the
// import set.
func (g *fileGen) content(source string, blocks []string) ([]byte, error) {
	text, err := render("file", fileView{Header: gen.Header, Source: source, Imports: g.scope.view(), Blocks: blocks})
	if err != nil {
		return nil, err
	}
	return []byte(text + "\n"), nil
}

// hasDeclarations reports whether f declares anything; a file that does not (a doc.go) generates no .ts.
func hasDeclarations(f *model.File) bool {
	return len(f.Resources)+len(f.ResourceAliases)+len(f.Functions)+len(f.Structs)+len(f.Enums)+len(f.Aliases)+len(f.Consts) > 0
}
