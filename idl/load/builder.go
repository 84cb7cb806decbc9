package load

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/tools/go/packages"

	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/base/parallel"
)

// declKind is what a top-level type declaration turned out to be.
type declKind int

const (
	kindBad declKind = iota // rejected; references to it report nothing more
	kindStruct
	kindResource
	kindEnum
	kindAlias
	kindResourceAlias
	kindConfig // the struct that embeds idl.Config
	kindFunction
)

// decl is a top-level type declaration of the IDL tree, with what the later passes need of its source.
type decl struct {
	kind  declKind
	named bool // a resource that embeds idl.NamedResource
	spec  *ast.TypeSpec
	obj   *types.TypeName
	pkg   *packages.Package
	// from is, for a struct or resource alias defined from another type (type X Y), that type.
	from *types.TypeName
	// ref is the type of a reference to the declaration, one for all its uses (see refType).
	ref *model.Type

	resource      *model.Resource
	resourceAlias *model.ResourceAlias
	function      *model.Function
	strct         *model.Struct
	config        *model.Config
	enum          *model.Enum
	alias         *model.Alias

	// formerlyAt is where its marker's tag gives its earlier tokens (formerly=), for the problems that
	// only the whole tree shows (see checkFormerly).
	formerlyAt token.Pos

	// props are a struct's, resource's or function's properties once resolved, and resolving says that they are
	// being resolved (see structProperties).
	props     []*model.Property
	resolved  bool
	resolving bool
	// checks are the //cidlc:check directives of its doc comment (see checks.go).
	checks []*model.Check
}

// builder holds the state of one Load.
type builder struct {
	fset  *token.FileSet
	root  string // absolute, symlinks resolved
	name  string // --name
	tree  *model.Tree
	mu    sync.Mutex // guards diags while declarations are resolved at the same time
	diags []Diagnostic

	dirs map[*packages.Package]string // package → dir relative to root, slash-separated, "" for root
	// attachedChecks are the positions of the //cidlc:check directives in a declaration's doc comment,
	// written while types are declared, one file after another.
	attachedChecks map[token.Position]bool
	decls          map[types.Object]*decl
	order          []*decl                 // declarations in the order of the model, for the resolve pass
	markers        map[types.Object]string // idl.Resource etc. → their name
	inTree         map[*types.Package]bool // the packages of the IDL tree
	files          map[*ast.File]*model.File
	// embeddedVia says which embedded field brought a property into its declaration: *model.Property →
	// *embedSite, each written and read by the goroutine that resolves the declaration.
	embeddedVia sync.Map
	// config is the declaration of the configuration, once one is declared.
	config *decl
	// types are the model's types that refer to no declaration, and its arrays and maps, one of each.
	types *sharedTypes
	// names are the Go and wire names of the model's properties, one of each.
	names fieldNames
}

func newBuilder(fset *token.FileSet, root, name string) *builder {
	return &builder{
		fset:           fset,
		root:           root,
		name:           name,
		dirs:           map[*packages.Package]string{},
		decls:          map[types.Object]*decl{},
		markers:        map[types.Object]string{},
		inTree:         map[*types.Package]bool{},
		files:          map[*ast.File]*model.File{},
		types:          newSharedTypes(),
		names:          fieldNames{names: map[string]fieldName{}},
		attachedChecks: map[token.Position]bool{},
	}
}

// errorf records an error at pos.
func (c *builder) errorf(pos token.Pos, format string, args ...any) {
	c.add(Diagnostic{Pos: c.fset.Position(pos), Msg: fmt.Sprintf(format, args...)})
}

// warnf records a warning at pos.
func (c *builder) warnf(pos token.Pos, format string, args ...any) {
	c.add(Diagnostic{Pos: c.fset.Position(pos), Msg: fmt.Sprintf(format, args...), Severity: model.Warning})
}

// add records d. Declarations are resolved at the same time (run): the diagnostics are sorted in the
// end, whatever the order they came in.
func (c *builder) add(d Diagnostic) {
	c.mu.Lock()
	c.diags = append(c.diags, d)
	c.mu.Unlock()
}

// tokenPackageName is what Pulumi accepts as the package part of a token.
var tokenPackageName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]*$`)

// ValidName reports whether name can be the package part of a type token (--name): ASCII letters, digits,
// _ and -, starting with a letter, as Pulumi's package schema wants it.
func ValidName(name string) bool { return tokenPackageName.MatchString(name) }

// typeName is what the name of an exported type must look like to be the last part of a token: Pulumi's
// tokens are ASCII (the package schema's token pattern, and the SDKs' generators, take nothing else).
var typeName = regexp.MustCompile(`^[A-Z][A-Za-z0-9_]*$`)

// maxFileName is the longest file name (without .go) the outputs can be named after: the stubs add
// _stub.go, and outdir.Write's temporary files a dot, a random suffix and .tmp on top (21 bytes in all),
// within the 255 bytes that file systems allow in a name.
const maxFileName = 200

// moduleDirName is what a directory name must look like to be part of the module of a token: Pulumi's
// metaschema takes letters, digits, '.', '_' and '-' there, and no digit first.
var moduleDirName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9._-]*$`)

// moduleFileName is what a file name (without .go) must look like to be the module part of a token.
var moduleFileName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]*$`)

func (c *builder) run(pkgs []*packages.Package) {
	for _, p := range pkgs {
		c.dirs[p] = c.relDir(p)
		c.inTree[p.Types] = true
	}
	c.findMarkers(pkgs)
	pkgs = sortedPackages(pkgs, func(p *packages.Package) string { return c.dirs[p] })

	c.tree = &model.Tree{Name: c.name}
	if root := pkgs[0]; c.dirs[root] == "" {
		c.tree.Path = root.PkgPath
		c.tree.Doc = packageDoc(root)
		if c.tree.Name == "" {
			c.tree.Name = root.Name
		}
	} else {
		c.tree.Path = strings.TrimSuffix(root.PkgPath, "/"+c.dirs[root])
	}
	if c.tree.Name == "" {
		c.diags = append(c.diags, Diagnostic{Pos: token.Position{Filename: c.root}, Msg: errNoRoot.Error()})
		return
	}
	if !ValidName(c.tree.Name) {
		d := Diagnostic{Msg: fmt.Sprintf("--name %q cannot start a token: use letters, digits, _ and -, starting with a letter", c.tree.Name)}
		if c.name == "" {
			// The root package's name: at its package clause.
			root := pkgs[0]
			d.Msg = fmt.Sprintf("package %s: its name starts every token, and Pulumi's tokens take only ASCII letters, digits, _ and -; rename the package, or give the token's package name with --name", c.tree.Name)
			if files := c.sortedFiles(root); len(files) > 0 {
				d.Pos = c.fset.Position(files[0].Package)
			}
		}
		c.diags = append(c.diags, d)
		return
	}

	// Pass 2: declare. Enums need to know which named types have constants, so count those first.
	withConsts := c.typesWithConstants(pkgs)
	for _, p := range pkgs {
		c.checkPackage(p)
		pkg := &model.Package{Dir: c.dirs[p], Name: p.Name, Path: p.PkgPath, Doc: packageDoc(p), Pos: c.packagePos(p), Tree: c.tree}
		c.tree.Packages = append(c.tree.Packages, pkg)
		for _, f := range c.sortedFiles(p) {
			c.declareFile(p, pkg, f, withConsts)
		}
	}
	// The declarations of each package, for lowerCaseCollisions: one pass over them all, not one per
	// package (at 200 packages and 20,000 declarations, that pass was a tenth of the model's build).
	declsOf := map[*packages.Package][]*decl{}
	for _, d := range c.decls {
		declsOf[d.pkg] = append(declsOf[d.pkg], d)
	}
	for _, p := range pkgs {
		for _, f := range c.sortedFiles(p) {
			c.declareConsts(p, f)
		}
		c.lowerCaseCollisions(declsOf[p])
	}

	// Pass 3 and 4: resolve and validate. Aliases first: contracts on a property look through its alias.
	for _, d := range c.order {
		if d.kind == kindAlias {
			d.alias.Type = c.typeOf(subjectName{owner: "type " + d.obj.Name()}, d.obj.Type().Underlying(), d.spec.Type, d.pkg, false)
		}
	}
	c.aliasCycles()
	for _, d := range c.order {
		if d.kind == kindResourceAlias {
			c.resolveResourceAlias(d)
		}
	}
	// Declarations that others take properties from, by embedding them or being defined from them, are
	// resolved first, in order; then every other declaration at the same time, each on its own: it
	// writes only its own properties and diagnostics, and reads only what the sources resolved before
	// (half the model's build at 10,000 resources, on two cores).
	sources := c.propertySources()
	for _, d := range c.order {
		if sources[d] {
			c.resolve(d)
		}
	}
	parallel.For(len(c.order), func(i int) {
		if d := c.order[i]; !sources[d] {
			c.resolve(d)
		}
	})
	// Once every struct has its properties: the configuration looks into the structs it holds, and checks
	// into the structs their declaration holds.
	if c.config != nil {
		c.checkConfigTypes(c.config)
	}
	parallel.For(len(c.order), func(i int) { c.compileChecks(c.order[i]) })
	c.checkFormerly()
}

// resolve gives a struct, resource, function or configuration declaration its properties, validated.
func (c *builder) resolve(d *decl) {
	switch d.kind {
	case kindResource:
		d.resource.Properties = c.structProperties(d)
	case kindFunction:
		d.function.Properties = c.structProperties(d)
		c.validateFunction(d)
	case kindStruct:
		d.strct.Properties = c.structProperties(d)
	case kindConfig:
		d.config.Properties = c.structProperties(d)
	}
}

// propertySources returns the declarations that structProperties resolves on the way to another's: the
// structs that a declaration embeds, and those it is defined from (type X Y).
func (c *builder) propertySources() map[*decl]bool {
	sources := map[*decl]bool{}
	for _, d := range c.order {
		switch d.kind {
		case kindResource, kindFunction, kindStruct, kindConfig:
		default:
			continue
		}
		if d.from != nil {
			if from := c.decls[d.from]; from != nil {
				sources[from] = true
			}
			continue
		}
		for _, field := range d.spec.Type.(*ast.StructType).Fields.List {
			if len(field.Names) > 0 {
				continue
			}
			// As embeddedStruct finds the declaration it takes the properties of.
			if e := c.declOf(d.pkg.TypesInfo.TypeOf(field.Type)); e != nil {
				sources[e] = true
			}
		}
	}
	return sources
}

// declOf returns the declaration of the IDL tree that t names, or nil.
func (c *builder) declOf(t types.Type) *decl {
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return c.decls[n.Obj()]
	}
	return nil
}

// resolveResourceAlias points a resource alias at its resource, through aliases of aliases. A resource
// that was rejected leaves the alias without one: the load fails anyway.
func (c *builder) resolveResourceAlias(d *decl) {
	r := d
	for r != nil && r.kind == kindResourceAlias {
		r = c.decls[r.from]
	}
	if r == nil || r.kind != kindResource {
		d.kind = kindBad
		return
	}
	d.resourceAlias.Resource, d.resourceAlias.Ref = r.resource, r.resource.Token
	d.ref = &model.Type{Kind: model.Capability, Ref: r.resource.Token, Resource: r.resource, Via: d.resourceAlias}
}

// checkPackage rejects a package that cannot be one of the IDL, at the package clause of its first file:
// a package main, whose stubs would be a command without a main function, a package in a directory whose
// name cannot be part of a token, and a package in a directory that the TypeScript package keeps for
// itself: bin/ at the root, where tsc writes the package's build
// output (and which its .gitignore ignores), and node_modules/ anywhere, which npm fills and empties.
func (c *builder) checkPackage(p *packages.Package) {
	files := c.sortedFiles(p)
	if len(files) == 0 {
		return
	}
	at := files[0].Package
	if p.Name == "main" {
		c.errorf(at, "package main: an IDL package cannot be a command: its Go stubs would be a package main without a main function; give it a name of its own")
	}
	dir := c.dirs[p]
	switch {
	case dir == "bin" || strings.HasPrefix(dir, "bin/"):
		c.errorf(at, "directory bin/ is where the TypeScript package keeps its build output (tsc's outDir, ignored by its .gitignore), so it cannot hold generated sources; rename the directory")
	case slices.Contains(strings.Split(dir, "/"), "node_modules"):
		c.errorf(at, "a directory node_modules/ is npm's, which fills and empties it, so it cannot hold generated sources; rename the directory")
	}
	if dir == "" {
		return
	}
	for _, elem := range strings.Split(dir, "/") {
		if !moduleDirName.MatchString(elem) {
			c.errorf(at, "directory %s/ cannot be part of the module of a token (%s:%s/…:…); use letters, digits, ., _ and -, starting with a letter",
				elem, c.tree.Name, dir)
			break
		}
	}
}

// relDir returns the directory of p relative to the IDL root, slash-separated.
func (c *builder) relDir(p *packages.Package) string {
	if len(p.GoFiles) == 0 {
		return p.PkgPath
	}
	dir := filepath.Dir(p.GoFiles[0])
	rel, err := filepath.Rel(c.root, dir)
	if err != nil || strings.HasPrefix(rel, "..") {
		if resolved, err2 := filepath.EvalSymlinks(dir); err2 == nil {
			rel, err = filepath.Rel(c.root, resolved)
		}
	}
	if err != nil || rel == "." {
		return ""
	}
	return filepath.ToSlash(rel)
}

// findMarkers records the marker types of package idl: looked up in the scope of the package with idl's
// import path, so that a user type that happens to be called Resource is never one. The package is
// looked for among every package the IDL imports, directly or not: a compatibility package that keeps a
// 2017 import path with Go aliases of the markers (type Resource = idl.Resource) works, because a
// marker is known by what a type resolves to, never by the path it is spelled with.
func (c *builder) findMarkers(pkgs []*packages.Package) {
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p.PkgPath != IDLPath || p.Types == nil {
			return
		}
		for _, name := range []string{"Resource", "NamedResource", "Config", "Function", "Asset", "Archive"} {
			if obj := p.Types.Scope().Lookup(name); obj != nil {
				c.markers[obj] = name
			}
		}
	})
}

// marker returns the name of the idl marker type t is ("Resource", "Asset", …), or "".
func (c *builder) marker(t types.Type) string {
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return c.markers[n.Obj()]
	}
	return ""
}

// sortedFiles returns p's syntax trees in file name order, with their model.File created on first use.
func (c *builder) sortedFiles(p *packages.Package) []*ast.File {
	files := append([]*ast.File(nil), p.Syntax...)
	sort.Slice(files, func(i, j int) bool {
		return c.fset.File(files[i].Pos()).Name() < c.fset.File(files[j].Pos()).Name()
	})
	return files
}

// packagePos returns the position of the package clause of the file of p that holds the package doc
// comment, or else of its first file.
func (c *builder) packagePos(p *packages.Package) token.Position {
	files := c.sortedFiles(p)
	if len(files) == 0 {
		return token.Position{}
	}
	at := files[0]
	for _, f := range files {
		if docText(f.Doc) != "" {
			at = f
			break
		}
	}
	return c.fset.Position(at.Package)
}

// packageDoc returns the package doc comment of p (from whichever file has it).
func packageDoc(p *packages.Package) string {
	for _, f := range p.Syntax {
		if doc := docText(f.Doc); doc != "" {
			return doc
		}
	}
	return ""
}

// typesWithConstants returns the named types that have at least one constant declared of them.
func (c *builder) typesWithConstants(pkgs []*packages.Package) map[types.Object]bool {
	has := map[types.Object]bool{}
	for _, p := range pkgs {
		for _, obj := range p.TypesInfo.Defs {
			if k, ok := obj.(*types.Const); ok {
				if n, ok := types.Unalias(k.Type()).(*types.Named); ok {
					has[n.Obj()] = true
				}
			}
		}
	}
	return has
}

// declareFile creates the model.File of f and declares its types; it rejects functions and variables.
func (c *builder) declareFile(p *packages.Package, pkg *model.Package, f *ast.File, withConsts map[types.Object]bool) {
	name := c.fset.File(f.Pos()).Name()
	rel := filepath.Base(name)
	if pkg.Dir != "" {
		rel = pkg.Dir + "/" + rel
	}
	sf := &model.File{Path: rel, Module: strings.TrimSuffix(rel, ".go"), Package: pkg}
	pkg.Files = append(pkg.Files, sf)
	c.files[f] = sf
	sf.Directives = c.directives(f)
	defer c.strayChecks(sf)
	switch base := strings.TrimSuffix(filepath.Base(name), ".go"); {
	case !moduleFileName.MatchString(base):
		c.errorf(f.Package, "file name %q cannot be the module part of a token; use letters, digits, _ and -, starting with a letter", filepath.Base(name))
	case len(base) > maxFileName:
		c.errorf(f.Package, "file name is %d bytes long; the outputs are named after it (%s_stub.go, and while they are written, a temporary name longer still), and file systems allow 255 bytes in a name: keep it to %d before .go",
			len(base), base[:12]+"…", maxFileName)
	}

	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv != nil {
				c.errorf(d.Name.Pos(), "method %s.%s: methods are not allowed in the IDL; it declares data shapes only", recvName(d.Recv), d.Name.Name)
			} else {
				c.errorf(d.Name.Pos(), "func %s: functions are not allowed in the IDL; it declares types and constants only", d.Name.Name)
			}
		case *ast.GenDecl:
			switch d.Tok {
			case token.VAR:
				for _, spec := range d.Specs {
					for _, n := range spec.(*ast.ValueSpec).Names {
						c.errorf(n.Pos(), "var %s: variables are not allowed in the IDL; use a constant", n.Name)
					}
				}
			case token.TYPE:
				for _, spec := range d.Specs {
					c.declareType(p, sf, d, spec.(*ast.TypeSpec), withConsts)
				}
			}
		}
	}
}

// recvName returns the receiver's type name of a method, for messages.
func recvName(fl *ast.FieldList) string {
	if len(fl.List) == 0 {
		return "?"
	}
	t := fl.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.ParenExpr:
			t = x.X
		case *ast.Ident:
			return x.Name
		default:
			return "?"
		}
	}
}

// specDoc returns the doc comment of a spec: its own, the declaration's when the declaration has no
// parentheses, or the comment at the end of its line (the 2017 IDLs document enum values that way).
func specDoc(gd *ast.GenDecl, doc, comment *ast.CommentGroup) string {
	if gd.Lparen.IsValid() {
		return docText(doc, comment)
	}
	return docText(doc, gd.Doc, comment)
}

// declareType classifies a type declaration and creates its model node.
func (c *builder) declareType(p *packages.Package, f *model.File, gd *ast.GenDecl, ts *ast.TypeSpec, withConsts map[types.Object]bool) {
	name := ts.Name.Name
	subject := "type " + name
	if ts.Assign.IsValid() {
		c.errorf(ts.Name.Pos(), "%s: Go type aliases (type %s = …) are not allowed in the IDL; declare a named type (type %s T)", subject, name, name)
		return
	}
	obj, _ := p.TypesInfo.Defs[ts.Name].(*types.TypeName)
	if obj == nil || name == "_" {
		return
	}
	d := &decl{kind: kindBad, spec: ts, obj: obj, pkg: p}
	c.decls[obj] = d
	if !ts.Name.IsExported() {
		c.errorf(ts.Name.Pos(), "%s: unexported types are not allowed in the IDL; export it (%s)", subject, exportHint(name, false))
		return
	}
	if ts.TypeParams != nil && len(ts.TypeParams.List) > 0 {
		c.errorf(ts.Name.Pos(), "%s: generic types are not allowed in the IDL", subject)
		return
	}
	if !typeName.MatchString(name) {
		c.errorf(ts.Name.Pos(), "%s: a type name must be ASCII (letters, digits and _): it ends the type token %s:%s:%s, and Pulumi's type tokens are ASCII; rename it",
			subject, c.tree.Name, f.Module, name)
		return
	}
	base := model.Decl{
		Name:  name,
		Token: c.tree.Name + ":" + f.Module + ":" + name,
		Doc:   specDoc(gd, ts.Doc, ts.Comment),
		Pos:   c.fset.Position(ts.Name.Pos()),
		File:  f,
	}
	switch u := obj.Type().Underlying().(type) {
	case *types.Struct:
		st, ok := ts.Type.(*ast.StructType)
		if !ok {
			if !c.declareDerived(p, f, d, base) {
				return
			}
			break
		}
		resource, named, config, function := c.embeddedMarkers(p, st)
		switch {
		case config && function:
			c.errorf(d.spec.Name.Pos(), "type %s: embeds both idl.Config and idl.Function; the configuration is not a function: declare them as two structs", name)
			return
		case config:
			if !c.declareConfig(p, f, d, base, resource || named) {
				return
			}
		case function && !resource && !named:
			d.kind = kindFunction
			d.function = &model.Function{Decl: base, CallName: WireName(name)}
			d.function.Token = c.tree.Name + ":" + f.Module + ":" + d.function.CallName
			f.Functions = append(f.Functions, d.function)
		case resource || named:
			d.kind, d.named = kindResource, named
			d.resource = &model.Resource{Decl: base, Named: named}
			f.Resources = append(f.Resources, d.resource)
		default:
			d.kind = kindStruct
			d.strct = &model.Struct{Decl: base}
			f.Structs = append(f.Structs, d.strct)
		}
	case *types.Basic:
		switch {
		case u.Kind() == types.String && withConsts[obj]:
			d.kind = kindEnum
			d.enum = &model.Enum{Decl: base}
			f.Enums = append(f.Enums, d.enum)
		case withConsts[obj] && (u.Kind() == types.Bool || u.Kind() == types.Float64 || isInteger(u)):
			c.errorf(ts.Name.Pos(), "%s: enums must be backed by string, not %s; use type %s string", subject, u.Name(), name)
			return
		case u.Kind() == types.String || u.Kind() == types.Bool || u.Kind() == types.Float64 || isInteger(u):
			d.kind = kindAlias
			d.alias = &model.Alias{Decl: base}
			f.Aliases = append(f.Aliases, d.alias)
		default:
			c.errorf(ts.Type.Pos(), "%s: %s", subject, basicProblem(u))
			return
		}
	case *types.Slice, *types.Map:
		d.kind = kindAlias
		d.alias = &model.Alias{Decl: base}
		f.Aliases = append(f.Aliases, d.alias)
	case *types.Interface:
		if u.Empty() {
			d.kind = kindAlias
			d.alias = &model.Alias{Decl: base}
			f.Aliases = append(f.Aliases, d.alias)
			break
		}
		c.errorf(ts.Name.Pos(), "%s: interfaces are not allowed in the IDL; it declares data shapes only", subject)
		return
	default:
		c.errorf(ts.Type.Pos(), "%s: %s", subject, compositeProblem(u))
		return
	}
	d.ref = refType(d)
	c.order = append(c.order, d)
	c.declareChecks(d, gd)
}

// declareDerived declares a struct type defined from another struct type (type X Y): from a resource
// (or a resource alias), X is a resource alias, another name for that resource; from a plain struct, X
// is a struct of its own with Y's properties, as Go makes it a type of its own with Y's fields and the
// 2017 compiler made it a struct with Y's fields. Y must be declared in the IDL: the markers and types
// from outside are rejected. It reports whether X was declared.
func (c *builder) declareDerived(p *packages.Package, f *model.File, d *decl, base model.Decl) bool {
	subject := "type " + base.Name
	ts := d.spec
	from, _ := types.Unalias(p.TypesInfo.TypeOf(ts.Type)).(*types.Named)
	switch {
	case from == nil:
		c.errorf(ts.Type.Pos(), "%s: a struct type defined from another type is not allowed; declare its fields (type %s struct { … }) or use the other type itself", subject, base.Name)
		return false
	case c.markers[from.Obj()] != "":
		c.errorf(ts.Type.Pos(), "%s: a type defined from idl.%s is not an IDL type; %s", subject, from.Obj().Name(), markerUse[c.markers[from.Obj()]])
		return false
	case !c.inTree[from.Obj().Pkg()]:
		c.errorf(ts.Type.Pos(), "%s: %s is not an IDL type: %s", subject, c.typeString(from, p), c.outsideTree(from.Obj()))
		return false
	}
	d.from = from.Obj()
	if c.embedsMarker(from.Underlying().(*types.Struct), "Config") {
		c.errorf(ts.Type.Pos(), "%s: %s is the provider's configuration, which is declared once; a type cannot be defined from it", subject, c.typeString(from, p))
		return false
	}
	if c.embedsMarker(from.Underlying().(*types.Struct), "Function") {
		c.errorf(ts.Type.Pos(), "%s: a type defined from function %s is not allowed; declare a function of its own (a struct that embeds idl.Function), or embed a struct that both share",
			subject, c.typeString(from, p))
		return false
	}
	if c.embedsMarker(from.Underlying().(*types.Struct), "Resource", "NamedResource") {
		d.kind = kindResourceAlias
		d.resourceAlias = &model.ResourceAlias{Decl: base}
		d.resourceAlias.Token = ""
		f.ResourceAliases = append(f.ResourceAliases, d.resourceAlias)
		return true
	}
	d.kind = kindStruct
	d.strct = &model.Struct{Decl: base}
	f.Structs = append(f.Structs, d.strct)
	return true
}

// markerUse says, for each marker, how it is used: the hint for a type defined from it.
var markerUse = map[string]string{
	"Resource":      "embed idl.Resource in a struct to declare a resource, or use *idl.Resource for a reference to any resource",
	"NamedResource": "embed idl.NamedResource in a struct to declare a named resource",
	"Config":        "embed idl.Config in a struct of the root package to declare the provider's configuration",
	"Function":      "embed idl.Function in a struct to declare a function",
	"Asset":         "use idl.Asset itself for an asset property",
	"Archive":       "use idl.Archive itself for an archive property",
}

// embedsMarker reports whether a struct type embeds one of the markers named: with Resource and
// NamedResource, whether a type whose underlying type it is, is a resource.
func (c *builder) embedsMarker(st *types.Struct, markers ...string) bool {
	for i := range st.NumFields() {
		if f := st.Field(i); f.Embedded() {
			if slices.Contains(markers, c.marker(f.Type())) {
				return true
			}
		}
	}
	return false
}

// embeddedMarkers reports which declaring markers a struct embeds. A struct that embeds both a
// resource marker and idl.Function is a resource, and its properties say why it is neither (see
// embedded).
func (c *builder) embeddedMarkers(p *packages.Package, st *ast.StructType) (resource, named, config, function bool) {
	for _, field := range st.Fields.List {
		if len(field.Names) != 0 {
			continue
		}
		switch c.marker(p.TypesInfo.TypeOf(field.Type)) {
		case "Resource":
			resource = true
		case "NamedResource":
			named = true
		case "Config":
			config = true
		case "Function":
			function = true
		}
	}
	return resource, named, config, function
}

// outsideTree says why obj, a named type with no declaration in the IDL, is not an IDL type: it is declared
// outside the IDL directory, or in a directory below it that the go command leaves out of the packages
// of the IDL (./... skips testdata and directories whose names start with . or _), though an IDL package
// may import it.
func (c *builder) outsideTree(obj types.Object) string {
	if pkg := obj.Pkg(); pkg != nil && strings.HasPrefix(pkg.Path(), c.tree.Path+"/") {
		return "its package is in the IDL directory, at " + strings.TrimPrefix(pkg.Path(), c.tree.Path+"/") +
			"/, but not part of the IDL: the go command leaves out directories named testdata and those whose names start with . or _; rename the directory"
	}
	return "it is declared outside the IDL tree; declare the shape in the IDL"
}

// exported returns name as it could be exported, for hints: with its first letter upper-cased, or with an
// X in front when it starts with a letter that has no upper case (中文 → X中文) or with _.
func exported(name string) string {
	if name == "" || name == "_" {
		return "Name"
	}
	r, size := utf8.DecodeRuneInString(name)
	if upper := unicode.ToUpper(r); unicode.IsUpper(upper) {
		return string(upper) + name[size:]
	}
	return "X" + name
}

// exportHint is the hint of a diagnostic about an unexported name: the exported name, and why it is not
// just the name upper-cased when it cannot be. For a field, keepWire adds the lumi tag that keeps the wire
// name the author meant.
func exportHint(name string, keepWire bool) string {
	hint := exported(name)
	r, _ := utf8.DecodeRuneInString(name)
	if !unicode.IsLetter(r) || unicode.IsUpper(unicode.ToUpper(r)) {
		return hint
	}
	if keepWire {
		hint += " `lumi:\"" + name + "\"`"
	}
	return fmt.Sprintf("%s: Go exports only names that start with an upper-case letter, and %c has no upper case", hint, r)
}

// lowerCaseCollisions rejects two types of one package whose lower-cased names are equal: the Go
// stubs name marshaling structs by lower-casing the type's name, and case-insensitive file systems would
// not keep their outputs apart. ds are the package's declarations.
func (c *builder) lowerCaseCollisions(ds []*decl) {
	// Most packages have none: they are looked for first, without the positions that order a message.
	lowered := make(map[string]bool, len(ds))
	collide := false
	for _, d := range ds {
		if d.kind == kindBad {
			continue
		}
		lower := strings.ToLower(d.obj.Name())
		if lowered[lower] {
			collide = true
			break
		}
		lowered[lower] = true
	}
	if !collide {
		return
	}
	type placed struct {
		d   *decl
		pos token.Position
	}
	inOrder := make([]placed, 0, len(ds))
	for _, d := range ds {
		if d.kind != kindBad {
			inOrder = append(inOrder, placed{d, c.fset.Position(d.spec.Name.Pos())})
		}
	}
	slices.SortFunc(inOrder, func(a, b placed) int {
		return cmp.Or(cmp.Compare(a.pos.Filename, b.pos.Filename), cmp.Compare(a.pos.Offset, b.pos.Offset))
	})
	ds = ds[:0:0]
	for _, p := range inOrder {
		ds = append(ds, p.d)
	}
	byLower := map[string]*decl{}
	for _, d := range ds {
		lower := strings.ToLower(d.obj.Name())
		if prev, ok := byLower[lower]; ok {
			prevPos := c.fset.Position(prev.spec.Name.Pos())
			c.errorf(d.spec.Name.Pos(), "type %s: its lower-cased name %q is also that of type %s (%s:%d); rename one of them",
				d.obj.Name(), lower, prev.obj.Name(), filepath.Base(prevPos.Filename), prevPos.Line)
			continue
		}
		byLower[lower] = d
	}
}
