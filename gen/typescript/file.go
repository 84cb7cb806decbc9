package typescript

import (
	"maps"

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
	// body holds the file's blocks, rendered one after the other (see block), until content puts the
	// head before them.
	body *renderer
}

// fileView is what the "file" template renders: the head of a file, which its blocks follow (see
// renderFile).
type fileView struct {
	Header  string
	Source  string // the IDL file, or directory, the file comes from
	Imports importsView
}

func newFileGen(tree *model.Tree, names twinNames, release gen.Release, path string, f *model.File) *fileGen {
	var globals []string
	if f != nil && len(f.Resources)+len(f.Functions) > 0 {
		globals = append(globals, "Error") // resource and function code throws Errors
	}
	if f != nil && len(f.Functions) > 0 {
		globals = append(globals, "Promise") // what the plain form of a function returns
	}
	return newScopedFileGen(tree, names, release, path, f, nil, globals)
}

// newBarrelGen returns the generator of the barrel at path (dir/index), whose own declarations are those
// of index (nil without an index.go), and which declares the values of modules, its directory's files
// (see lazy.go); registers says whether it registers resources, which throws Errors.
func newBarrelGen(tree *model.Tree, names twinNames, release gen.Release, path string, index *model.File, modules []*lazyModule, registers bool) *fileGen {
	var declared []importKey
	for _, m := range modules {
		for _, v := range m.Values {
			declared = append(declared, importKey{m.path, v})
		}
	}
	var globals []string
	if registers {
		globals = append(globals, "Error")
	}
	g := newScopedFileGen(tree, names, release, path, index, declared, globals)
	if len(declared) > 0 {
		g.scope.useLazy() // the getters of the values are defined by _lazy.reexport
	}
	return g
}

// newScopedFileGen returns the generator of the file at path, whose own declarations are those of f,
// which also declares the names of declared (other files' exports, under their own names), and whose
// code uses the JavaScript globals named in globals (Error, Promise).
func newScopedFileGen(tree *model.Tree, names twinNames, release gen.Release, path string, f *model.File, declared []importKey, globals []string) *fileGen {
	g := &fileGen{tree: tree, names: names, release: release, file: f, path: path, errorCtor: "Error", promiseType: "Promise",
		structContracts: map[*model.Struct]string{}}
	declaredNames := map[string]bool{}
	for _, k := range declared {
		declaredNames[k.name] = true
	}
	own := ownNames(f, names, declaredNames)
	bound := maps.Clone(own)
	for name := range declaredNames {
		bound[name] = name
	}
	var reserved []string
	// A global the file's code uses as the global it is: a declaration of the file wins in its scope, so
	// the code reaches the global through globalThis; an imported name is renamed instead.
	for _, name := range globals {
		local := map[string]*string{"Error": &g.errorCtor, "Promise": &g.promiseType}[name]
		if taken(bound, name) {
			*local = "globalThis." + name
		} else {
			reserved = append(reserved, name)
		}
	}
	g.scope = newImportSet(path, own, reserved...)
	for _, k := range declared {
		g.scope.declare(k)
	}
	return g
}

// declarations renders the file's declarations in source order, then the contracts of the structs its
// resources and functions hold, and returns how many blocks they made. The barrel of the file's
// directory registers its resources (see registration).
func (g *fileGen) declarations() (int, error) {
	if g.file == nil {
		return 0, nil
	}
	before := g.blocks()
	for _, d := range g.file.Declarations() {
		var err error
		switch d := d.(type) {
		case *model.Resource:
			err = g.resource(d)
		case *model.Function:
			err = g.function(d)
		case *model.Struct:
			err = g.structDecl(d)
		case *model.Enum:
			err = g.enum(d)
		case *model.Alias:
			err = g.alias(d)
		case *model.ResourceAlias:
			// Another name for the resource's class, for references only: export type ActionTarget = Topic.
			err = g.alias(&model.Alias{Decl: d.Decl, Type: &model.Type{Kind: model.Capability, Ref: d.Ref, Resource: d.Resource}})
		case *model.Const:
			err = g.constDecl(d)
		case *model.Config:
			continue // the package's own modules hold it: see config.go
		}
		if err != nil {
			return 0, err
		}
	}
	if err := g.structContractFunctions(); err != nil {
		return 0, err
	}
	return g.blocks() - before, nil
}

// block renders the named template on view as the next block of the file, after a blank line. The
// blocks go straight into the file's text: rendering them into strings to be joined copied every file
// twice.
func (g *fileGen) block(name string, view any) error {
	if g.body == nil {
		g.body = renderers.Get().(*renderer)
		g.body.reset()
	}
	return g.body.appendBlock(name, view)
}

// blocks returns how many blocks the file has so far.
func (g *fileGen) blocks() int {
	if g.body == nil {
		return 0
	}
	return g.body.blocks
}

// content renders the whole file, its head, then its blocks, appended to dst (see renderFile). It comes
// last: rendering the blocks is what fills the import set. It releases the file's renderer: the fileGen
// is done.
func (g *fileGen) content(dst []byte, source string) ([]byte, error) {
	defer g.done()
	var body []byte
	if g.blocks() > 0 {
		if body = g.body.out.Bytes(); body == nil {
			body = []byte{} // blocks, all empty: still after a blank line
		}
	}
	return renderFile(dst, "file", fileView{Header: gen.Header, Source: source, Imports: g.scope.view()}, body)
}

// done gives the file's renderer back, when it has one; the file's text is then gone.
func (g *fileGen) done() {
	if g.body != nil {
		renderers.Put(g.body)
		g.body = nil
	}
}

// hasDeclarations reports whether f declares anything; a file that does not (a doc.go) generates no .ts.
func hasDeclarations(f *model.File) bool {
	return len(f.Resources)+len(f.ResourceAliases)+len(f.Functions)+len(f.Structs)+len(f.Enums)+len(f.Aliases)+len(f.Consts) > 0
}
