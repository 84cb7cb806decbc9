package gostub

import (
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/idl/model"
)

// bodyLocals are the identifiers that generated function bodies declare. A package-level name the
// stubs use inside those bodies (a marshaling struct, an imported package) must differ from all of them.
var bodyLocals = []string{"c", "d", "hooks", "id", "m", "o", "obj", "ok", "ops", "s", "v", "x"}

// runtimeImports are the names under which stubs import the runtime and the SDK.
var runtimeImports = []string{"archive", "asset", "context", "provider", "regexp", "resource", "tokens"}

// packageGen generates the stubs of one IDL package.
type packageGen struct {
	root string // the import path of the output directory
	pkg  *model.Package
	// taken are the identifiers that a lower-cased resource name must not be: Go's keywords and
	// predeclared identifiers, the names of imported packages, and bodyLocals.
	taken map[string]bool
	// private are the unexported names the stubs declare, by what they name ("resource Bucket",
	// "contract Bucket.Size"); see assignPrivateNames.
	private map[string]string
}

func newPackageGen(root string, pkg *model.Package) (*packageGen, error) {
	g := &packageGen{root: root, pkg: pkg, taken: map[string]bool{}}
	for _, n := range append(slices.Clone(bodyLocals), runtimeImports...) {
		g.taken[n] = true
	}
	for _, other := range pkg.Tree.Packages {
		if other != pkg {
			g.taken[other.Name] = true
		}
	}
	if err := g.validateNames(); err != nil {
		return nil, err
	}
	g.assignPrivateNames()
	return g, nil
}

// assignPrivateNames names what the stubs declare unexported: the marshaling struct of each resource
// (securityGroup) and the contract variable of each constrained property (databaseSize). Each is derived
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
	}
	contracts := func(owner string, props []*model.Property) {
		for _, p := range props {
			if p.Constraints != nil {
				claim("contract "+owner+"."+p.GoName, g.lowerName(owner)+p.GoName)
			}
		}
	}
	for _, f := range g.pkg.Files {
		for _, r := range f.Resources {
			contracts(r.Name, r.Properties)
		}
		for _, s := range f.Structs {
			contracts(s.Name, s.Properties)
		}
	}
}

// marshalName is the name of resource r's marshaling struct.
func (g *packageGen) marshalName(r *model.Resource) string { return g.private["resource "+r.Name] }

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

// validateNames rejects an IDL package whose stubs would declare an exported name twice: the stubs add names
// of their own (SecurityGroupProvider, UnmarshalRule) next to the IDL's, and those may meet an IDL name.
// Each later declaration of a name is reported at its position in the IDL, naming the first. (The
// unexported names the stubs add never meet anything: see assignPrivateNames.)
func (g *packageGen) validateNames() error {
	type origin struct {
		what string
		pos  token.Position
	}
	declared := map[string][]origin{}
	var names []string
	declare := func(name string, o origin) {
		if _, ok := declared[name]; !ok {
			names = append(names, name)
		}
		declared[name] = append(declared[name], o)
	}
	for _, f := range g.pkg.Files {
		for _, c := range f.Consts {
			declare(c.Name, origin{"constant " + c.Name, c.Pos})
		}
		for _, e := range f.Enums {
			declare(e.Name, origin{"enum " + e.Name, e.Pos})
			for _, v := range e.Values {
				declare(v.Name, origin{"enum value " + v.Name, v.Pos})
			}
		}
		for _, a := range f.Aliases {
			declare(a.Name, origin{"type " + a.Name, a.Pos})
		}
		for _, s := range f.Structs {
			o := origin{"struct " + s.Name, s.Pos}
			for _, n := range []string{s.Name, "Unmarshal" + s.Name, "Marshal" + s.Name} {
				declare(n, o)
			}
		}
		for _, r := range f.Resources {
			o := origin{"resource " + r.Name, r.Pos}
			for _, n := range []string{r.Name, opsName(r), checkerName(r), differName(r), providerName(r), "New" + providerName(r)} {
				declare(n, o)
			}
		}
	}
	var diags gen.Diagnostics
	for _, name := range names {
		origins := declared[name]
		slices.SortStableFunc(origins, func(a, b origin) int {
			if c := strings.Compare(a.pos.Filename, b.pos.Filename); c != 0 {
				return c
			}
			return a.pos.Offset - b.pos.Offset
		})
		first := origins[0]
		for _, o := range origins[1:] {
			diags = append(diags, gen.Diagnostic{Pos: o.pos, Msg: fmt.Sprintf(
				"%s: the Go stubs would declare %s for it and for %s (%s:%d); rename one of them",
				o.what, name, first.what, filepath.Base(first.pos.Filename), first.pos.Line)})
		}
	}
	if len(diags) > 0 {
		return diags
	}
	return nil
}

func opsName(r *model.Resource) string      { return r.Name + "ProviderOps" }
func checkerName(r *model.Resource) string  { return r.Name + "Checker" }
func differName(r *model.Resource) string   { return r.Name + "Differ" }
func providerName(r *model.Resource) string { return r.Name + "Provider" }
