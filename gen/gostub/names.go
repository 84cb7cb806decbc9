package gostub

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"unicode"

	"github.com/cidlc/cidlc/idl/schema"
)

// bodyLocals are the identifiers that generated function bodies declare. A package-level name the
// stubs use inside those bodies (a marshaling struct, an imported package) must differ from all of them.
var bodyLocals = []string{"c", "d", "hooks", "id", "m", "o", "obj", "ok", "ops", "s", "v", "x"}

// runtimeImports are the names under which stubs import the runtime and the SDK.
var runtimeImports = []string{"archive", "asset", "context", "provider", "regexp", "resource", "tokens"}

// moduleGen generates the stubs of one IDL package.
type moduleGen struct {
	root   string // the import path of the output directory
	module *schema.Module
	// taken are the identifiers that a lower-cased resource name must not be: Go's keywords and
	// predeclared identifiers, the names of imported packages, and bodyLocals.
	taken map[string]bool
}

func newModuleGen(root string, m *schema.Module) (*moduleGen, error) {
	g := &moduleGen{root: root, module: m, taken: map[string]bool{}}
	for _, n := range append(slices.Clone(bodyLocals), runtimeImports...) {
		g.taken[n] = true
	}
	for _, other := range m.Package.Modules {
		if other != m {
			g.taken[other.Name] = true
		}
	}
	if err := g.checkNames(); err != nil {
		return nil, err
	}
	return g, nil
}

// isTaken reports whether a package-level identifier named n would not compile or would shadow something
// the stubs use.
func (g *moduleGen) isTaken(n string) bool {
	return token.IsKeyword(n) || types.Universe.Lookup(n) != nil || g.taken[n]
}

// lowerName is the name of a resource's marshaling struct: the resource name with its leading capitals
// lowered as property names are (VPC → vpc, SecurityGroup → securityGroup, IPSet → ipSet), and a
// trailing underscore if that is taken (Type → type_).
func (g *moduleGen) lowerName(name string) string {
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

// checkNames rejects an IDL package whose stubs would declare a name twice: the stubs add names of
// their own (SecurityGroupProvider, UnmarshalRule) next to the IDL's, and those may meet an IDL name.
func (g *moduleGen) checkNames() error {
	type origin struct {
		what string
		file string
	}
	declared := map[string]origin{}
	var problems []string
	declare := func(name string, o origin) {
		if prev, ok := declared[name]; ok {
			problems = append(problems, fmt.Sprintf("%s: the Go stubs would declare %s twice: for %s and for %s (%s); rename one of them",
				o.file, name, o.what, prev.what, prev.file))
			return
		}
		declared[name] = o
	}
	// The contracts of constrained properties are variables of their own.
	contracts := func(owner string, props []*schema.Property, file string) {
		for _, p := range props {
			if p.Constraints != nil {
				declare(g.contractName(owner, p), origin{"the contract of " + owner + "." + p.GoName, file})
			}
		}
	}
	for _, f := range g.module.Files {
		for _, c := range f.Consts {
			declare(c.Name, origin{"constant " + c.Name, f.Path})
		}
		for _, e := range f.Enums {
			declare(e.Name, origin{"enum " + e.Name, f.Path})
			for _, v := range e.Values {
				declare(v.Name, origin{"enum value " + v.Name, f.Path})
			}
		}
		for _, a := range f.Aliases {
			declare(a.Name, origin{"type " + a.Name, f.Path})
		}
		for _, s := range f.Structs {
			o := origin{"struct " + s.Name, f.Path}
			for _, n := range []string{s.Name, "Unmarshal" + s.Name, "Marshal" + s.Name} {
				declare(n, o)
			}
		}
		for _, r := range f.Resources {
			o := origin{"resource " + r.Name, f.Path}
			for _, n := range []string{r.Name, g.lowerName(r.Name), opsName(r), checkerName(r), differName(r), providerName(r), "New" + providerName(r)} {
				declare(n, o)
			}
			contracts(r.Name, r.Properties, f.Path)
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s", strings.Join(problems, "\n"))
	}
	return nil
}

func opsName(r *schema.Resource) string      { return r.Name + "ProviderOps" }
func checkerName(r *schema.Resource) string  { return r.Name + "Checker" }
func differName(r *schema.Resource) string   { return r.Name + "Differ" }
func providerName(r *schema.Resource) string { return r.Name + "Provider" }
