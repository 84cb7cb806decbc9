package gostub

import (
	"go/token"
	"go/types"
	"maps"
	"slices"
	"unicode"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/idl/model"
)

// bodyLocals are the identifiers that generated function bodies declare. A package-level name the
// stubs use inside those bodies (a marshaling struct, an imported package) must differ from all of them.
var bodyLocals = []string{"c", "d", "hooks", "id", "m", "o", "obj", "ok", "ops", "s", "v", "x"}

// runtimeImports are the names under which stubs import the runtime and the SDK (runtimeNames).
var runtimeImports = slices.Sorted(maps.Values(runtimeNames))

// packageGen generates the stubs of one IDL package.
type packageGen struct {
	release gen.Release // the release the stubs belong to
	pkg     *model.Package
	// taken are the identifiers that a lower-cased resource name must not be: Go's keywords and
	// predeclared identifiers, the names of imported packages, and bodyLocals.
	taken map[string]bool
	// private are the unexported names the stubs declare, by what they name ("resource Bucket",
	// "contract Bucket.Size"); see assignPrivateNames.
	private map[string]string
	// names are the exported names the stubs of the whole IDL generate.
	names *exported
	// imports name the stubs of every IDL package, as every file imports them.
	imports *treeImports
	// file is what the file being generated imports (code.qual).
	file fileImports
	// buffers are what the files are rendered in, the pool's until releaseBuffers.
	*buffers
}

func newPackageGen(release gen.Release, pkg *model.Package, names *exported, imports *treeImports) *packageGen {
	g := &packageGen{release: release, pkg: pkg, taken: map[string]bool{}, names: names,
		imports: imports, file: fileImports{own: imports.paths[pkg]}, buffers: bufferPool.Get().(*buffers)}
	for _, n := range append(slices.Clone(bodyLocals), runtimeImports...) {
		g.taken[n] = true
	}
	for _, other := range pkg.Tree.Packages {
		if other != pkg {
			g.taken[other.Name] = true
		}
	}
	g.assignPrivateNames()
	return g
}

// releaseBuffers hands g's buffers back to the pool, for the next package: g renders no file after.
func (g *packageGen) releaseBuffers() {
	for _, c := range g.free {
		c.g = nil // the pool keeps no generator
	}
	bufferPool.Put(g.buffers)
	g.buffers = nil
}

// assignPrivateNames names what the stubs declare unexported: the marshaling struct of each resource
// (securityGroup) and function (getImage), the contract variable of each constrained property
// (databaseSize), the rules across the properties of a declaration that has some (listenerRules), and its
// checks (listenerChecks). Each is derived
// from IDL names, and two derivations can meet: resources Error and Error_ both want error_, the
// contract of Disk.Size and the struct of resource DiskSize both want diskSize, and so do the contracts
// of Foo.BarX and FooBar.X. The author never sees these names, so instead of rejecting the IDL the later
// of two gets an underscore more until it is unique: marshaling structs first, then contracts, each in
// the model's order, which is the order of the source.
func (g *packageGen) assignPrivateNames() {
	g.private = map[string]string{}
	used := map[string]bool{}
	claim := func(key, want string) {
		n := want
		for g.isTaken(n) || used[n] {
			n += "_"
		}
		used[n] = true
		g.private[key] = n
	}
	for _, f := range g.pkg.Files {
		for _, r := range f.Resources {
			claim("resource "+r.Name, g.lowerName(r.Name))
		}
		for _, fn := range f.Functions {
			claim("function "+fn.Name, g.lowerName(fn.Name))
		}
	}
	contracts := func(owner string, props []*model.Property, checks []*model.Check) {
		for _, p := range props {
			if p.Constraints != nil {
				claim("contract "+owner+"."+p.GoName, g.lowerName(owner)+p.GoName)
			}
		}
		if len(model.Relations(props)) > 0 {
			claim("rules "+owner, g.lowerName(owner)+"Rules")
		}
		if len(checks) > 0 {
			claim("checks "+owner, g.lowerName(owner)+"Checks")
		}
	}
	for _, f := range g.pkg.Files {
		if c := f.Config; c != nil {
			contracts(c.Name, c.Properties, c.Checks)
		}
		for _, r := range f.Resources {
			contracts(r.Name, r.Properties, r.Checks)
		}
		for _, fn := range f.Functions {
			contracts(fn.Name, fn.Inputs(), fn.Checks)
		}
		for _, s := range f.Structs {
			contracts(s.Name, s.Properties, s.Checks)
		}
	}
}

// importPath is the import path of the stubs of the IDL package pkg.
func (g *packageGen) importPath(pkg *model.Package) string { return g.imports.paths[pkg] }

// marshalName is the name of resource r's marshaling struct.
func (g *packageGen) marshalName(r *model.Resource) string { return g.private["resource "+r.Name] }

// functionMarshalName is the name of function fn's marshaling struct.
func (g *packageGen) functionMarshalName(fn *model.Function) string {
	return g.private["function "+fn.Name]
}

// isTaken reports whether a package-level identifier named n would not compile or would shadow something
// the stubs use.
func (g *packageGen) isTaken(n string) bool {
	return token.IsKeyword(n) || types.Universe.Lookup(n) != nil || g.taken[n]
}

// lowerName is the name of a resource's marshaling struct: the resource name with its leading capitals
// lowered as property names are (VPC → vpc, SecurityGroup → securityGroup, IPSet → ipSet), and a
// trailing underscore if that is taken (Type → type_).
func (g *packageGen) lowerName(name string) string {
	runes := []rune(name)
	n := 0
	for n < len(runes) && unicode.IsUpper(runes[n]) {
		n++
	}
	// The last capital of a run starts the next word: IPSet is ip+Set.
	if n > 1 && n < len(runes) && unicode.IsLower(runes[n]) {
		n--
	}
	for i := range n {
		runes[i] = unicode.ToLower(runes[i])
	}
	lower := string(runes)
	if g.isTaken(lower) {
		lower += "_"
	}
	return lower
}

// exported are the exported names the stubs generate for the declarations of a whole IDL: per resource
// T, TProviderOps, TChecker, TDiffer, TProvider and NewTProvider; per function F, FProviderOps,
// FProvider and NewFProvider; per struct S, UnmarshalS and MarshalS; for the configuration, NewProvider;
// in the root package, PluginName and PluginVersion.
// They are assigned for every package before any is rendered, since the stubs of one package call the
// codecs of another's structs.
type exported struct {
	resources map[*model.Resource]resourceNames
	functions map[*model.Function]functionNames
	structs   map[*model.Struct]structNames
	// newProvider is the constructor of the provider, in the root package's stubs; "" without a
	// configuration.
	newProvider string
	plugin      pluginNames // in the root package
}

type resourceNames struct{ ops, checker, differ, provider, newProvider string }

type functionNames struct{ ops, provider, newProvider string }

type structNames struct{ unmarshal, marshal string }

// exportedNames assigns the stubs' exported names. The IDL's own names (its types, enum values and
// constants, which the stubs declare as they are) are the author's and stay; a generated name that one
// of them, or a name generated before it, takes gives way as gen.Names says: struct BucketProvider and
// resource Bucket give BucketProvider and BucketResourceProvider (with NewBucketResourceProvider). Go
// itself keeps the author's names of one package apart.
func exportedNames(tree *model.Tree) *exported {
	names := &exported{resources: map[*model.Resource]resourceNames{}, functions: map[*model.Function]functionNames{},
		structs: map[*model.Struct]structNames{}}
	for _, pkg := range tree.Packages {
		ns := gen.NewNames()
		for _, f := range pkg.Files {
			for _, c := range f.Consts {
				ns.Reserve(c.Name)
			}
			for _, e := range f.Enums {
				ns.Reserve(e.Name)
				for _, v := range e.Values {
					ns.Reserve(v.Name)
				}
			}
			for _, a := range f.Aliases {
				ns.Reserve(a.Name)
			}
			for _, s := range f.Structs {
				ns.Reserve(s.Name)
			}
			for _, r := range f.Resources {
				ns.Reserve(r.Name)
			}
			for _, fn := range f.Functions {
				ns.Reserve(fn.Name)
			}
			if f.Config != nil {
				ns.Reserve(f.Config.Name)
			}
		}
		for _, f := range pkg.Files {
			for _, d := range f.Declarations() {
				switch d := d.(type) {
				case *model.Resource:
					n := resourceNames{
						ops:      ns.Generated("", d.Name, gen.KindResource, "ProviderOps"),
						checker:  ns.Generated("", d.Name, gen.KindResource, "Checker"),
						differ:   ns.Generated("", d.Name, gen.KindResource, "Differ"),
						provider: ns.Generated("", d.Name, gen.KindResource, "Provider"),
					}
					n.newProvider = ns.Claim("New" + n.provider)
					names.resources[d] = n
				case *model.Function:
					n := functionNames{
						ops:      ns.Generated("", d.Name, gen.KindFunction, "ProviderOps"),
						provider: ns.Generated("", d.Name, gen.KindFunction, "Provider"),
					}
					n.newProvider = ns.Claim("New" + n.provider)
					names.functions[d] = n
				case *model.Struct:
					names.structs[d] = structNames{
						unmarshal: ns.Generated("Unmarshal", d.Name, gen.KindType, ""),
						marshal:   ns.Generated("Marshal", d.Name, gen.KindType, ""),
					}
				case *model.Config:
					// The provider's, as the TypeScript package's class Provider (or ProviderResource).
					names.newProvider = ns.Generated("New", "Provider", gen.KindResource, "")
				}
			}
		}
		if pkg.Dir == "" {
			names.plugin = claimPluginNames(ns)
		}
	}
	return names
}

func (g *packageGen) opsName(r *model.Resource) string      { return g.names.resources[r].ops }
func (g *packageGen) checkerName(r *model.Resource) string  { return g.names.resources[r].checker }
func (g *packageGen) differName(r *model.Resource) string   { return g.names.resources[r].differ }
func (g *packageGen) providerName(r *model.Resource) string { return g.names.resources[r].provider }
func (g *packageGen) newProviderName(r *model.Resource) string {
	return g.names.resources[r].newProvider
}
func (g *packageGen) functionOpsName(fn *model.Function) string {
	return g.names.functions[fn].ops
}
func (g *packageGen) functionProviderName(fn *model.Function) string {
	return g.names.functions[fn].provider
}
func (g *packageGen) newFunctionProviderName(fn *model.Function) string {
	return g.names.functions[fn].newProvider
}
func (g *packageGen) unmarshalName(s *model.Struct) string   { return g.names.structs[s].unmarshal }
func (g *packageGen) marshalFuncName(s *model.Struct) string { return g.names.structs[s].marshal }
