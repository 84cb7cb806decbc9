package breaking

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cidlc/cidlc/idl/model"
)

// declKind is what a declaration is, as messages say it.
type declKind string

const (
	resourceKind declKind = "resource"
	functionKind declKind = "function"
	structKind   declKind = "struct"
	enumKind     declKind = "enum"
	aliasKind    declKind = "alias"
)

// decl is a declaration of one version, with what matching needs.
type decl struct {
	*model.Decl
	kind declKind
	dir  string // the IDL package's directory
	// key identifies the declaration across versions: its token without the package part
	// (`network/vpc:VPC`), so that a new package name does not unmatch everything.
	key string

	resource *model.Resource
	function *model.Function
	strct    *model.Struct
	enum     *model.Enum
	alias    *model.Alias
}

// subject names the declaration as programs do: `network.VPC`, and a function by its call name,
// `compute.getImage`.
func (d *decl) subject() string {
	if d.function != nil {
		return namespace(d.dir) + d.function.CallName
	}
	return d.Decl.QualifiedName()
}

// formerly returns the earlier tokens that a resource or function declares (formerly=).
func (d *decl) formerly() []string {
	switch {
	case d.resource != nil:
		return d.resource.Formerly
	case d.function != nil:
		return d.function.Formerly
	}
	return nil
}

// storedVia is a declaration and a resource property that can hold its values.
type storedVia struct {
	decl *model.Decl
	via  string
}

// role says how values of a type reach the provider: as inputs, as outputs, or both.
type role uint8

const (
	inputRole  role = 1 << iota // programs set it: a resource input, or a struct inside one
	outputRole                  // programs read it: a resource output, or a struct inside one
)

// treeIndex is one version of the IDL, indexed for the comparison.
type treeIndex struct {
	tree   *model.Tree
	decls  []*decl // in model order
	byKey  map[string]*decl
	byDecl map[*model.Decl]*decl

	consts     []*model.Const
	constByKey map[string]*model.Const

	// usage says how each struct, enum and alias is reached from the properties of resources; a
	// declaration no resource uses has none.
	usage map[*model.Decl]role
	// called says how each struct, enum and alias is reached from the inputs and results of functions,
	// which no state holds.
	called map[*model.Decl]role
	// storedIn lists, for each declaration that resources' state or stacks' configuration can hold, the
	// resource properties and configuration keys through which it does (`network.VPC.region`, `the
	// configuration key acme:region`).
	storedIn map[*model.Decl][]string
	stored   map[storedVia]bool
	// storers lists, for each declaration that resources' state can hold, the resources that hold it;
	// configured marks those that stacks' configuration can hold, which no resource's migration reads.
	storers    map[*model.Decl][]*model.Resource
	configured map[*model.Decl]bool
	// replacedWith lists, for each resource, the resources that refer to it through a replaces
	// property: replacing it replaces them.
	replacedWith map[*model.Resource][]*model.Resource
}

func indexTree(t *model.Tree) *treeIndex {
	ix := &treeIndex{tree: t, byKey: map[string]*decl{}, byDecl: map[*model.Decl]*decl{}, constByKey: map[string]*model.Const{},
		usage: map[*model.Decl]role{}, called: map[*model.Decl]role{}, storedIn: map[*model.Decl][]string{}, stored: map[storedVia]bool{},
		storers: map[*model.Decl][]*model.Resource{}, configured: map[*model.Decl]bool{}, replacedWith: map[*model.Resource][]*model.Resource{}}
	add := func(d *decl) {
		d.dir = d.File.Package.Dir
		d.key = strings.TrimPrefix(d.Token, t.Name+":")
		ix.decls = append(ix.decls, d)
		ix.byKey[d.key] = d
		ix.byDecl[d.Decl] = d
	}
	for _, pkg := range t.Packages {
		for _, f := range pkg.Files {
			for _, r := range f.Resources {
				add(&decl{Decl: &r.Decl, kind: resourceKind, resource: r})
			}
			for _, fn := range f.Functions {
				add(&decl{Decl: &fn.Decl, kind: functionKind, function: fn})
			}
			for _, s := range f.Structs {
				add(&decl{Decl: &s.Decl, kind: structKind, strct: s})
			}
			for _, e := range f.Enums {
				add(&decl{Decl: &e.Decl, kind: enumKind, enum: e})
			}
			for _, a := range f.Aliases {
				add(&decl{Decl: &a.Decl, kind: aliasKind, alias: a})
			}
			for _, k := range f.Consts {
				ix.consts = append(ix.consts, k)
				ix.constByKey[constKey(k)] = k
			}
		}
	}
	for _, d := range ix.decls {
		if d.kind == functionKind {
			for _, p := range d.function.Properties {
				r := inputRole
				if p.Out {
					r = outputRole
				}
				reached(p.Type, map[*model.Decl]bool{}, func(d *model.Decl) { ix.called[d] |= r })
			}
		}
		if d.kind != resourceKind {
			continue
		}
		for _, p := range d.resource.Properties {
			var r role
			if !p.Out {
				r |= inputRole
			}
			if !p.In {
				r |= outputRole
			}
			ix.use(p.Type, r, d.subject()+"."+p.Name, map[*model.Decl]bool{})
			reached(p.Type, map[*model.Decl]bool{}, func(s *model.Decl) {
				if !slices.Contains(ix.storers[s], d.resource) {
					ix.storers[s] = append(ix.storers[s], d.resource)
				}
			})
			if p.Replaces {
				for _, target := range capabilities(p.Type, map[*model.Decl]bool{}) {
					if !slices.Contains(ix.replacedWith[target], d.resource) {
						ix.replacedWith[target] = append(ix.replacedWith[target], d.resource)
					}
				}
			}
		}
	}
	if t.Config != nil {
		// Stacks keep their configuration's values, and programs read them back (acme.config.region).
		for _, p := range t.Config.Properties {
			ix.use(p.Type, inputRole|outputRole, "the configuration key "+t.Name+":"+p.Name, map[*model.Decl]bool{})
			reached(p.Type, map[*model.Decl]bool{}, func(d *model.Decl) { ix.configured[d] = true })
		}
	}
	return ix
}

// use records that values of t reach the provider in role r through the resource property via.
func (ix *treeIndex) use(t *model.Type, r role, via string, seen map[*model.Decl]bool) {
	reached(t, seen, func(d *model.Decl) {
		ix.usage[d] |= r
		if key := (storedVia{d, via}); !ix.stored[key] {
			ix.stored[key] = true
			ix.storedIn[d] = append(ix.storedIn[d], via)
		}
	})
}

// reached calls f with each struct, enum and alias that values of t reach: those t names, and those
// their fields and aliased types name, each once.
func reached(t *model.Type, seen map[*model.Decl]bool, f func(*model.Decl)) {
	if t == nil {
		return
	}
	var d *model.Decl
	switch t.Kind {
	case model.StructRef:
		d = &t.Struct.Decl
	case model.EnumRef:
		d = &t.Enum.Decl
	case model.AliasRef:
		d = &t.Alias.Decl
	case model.Array, model.Map:
		reached(t.Key, seen, f)
		reached(t.Elem, seen, f)
		return
	default:
		return
	}
	if seen[d] {
		return
	}
	seen[d] = true
	f(d)
	switch t.Kind {
	case model.StructRef:
		for _, p := range t.Struct.Properties {
			reached(p.Type, seen, f)
		}
	case model.AliasRef:
		reached(t.Alias.Type, seen, f)
	}
}

// capabilities returns the resources that values of t refer to.
func capabilities(t *model.Type, seen map[*model.Decl]bool) []*model.Resource {
	if t == nil {
		return nil
	}
	switch t.Kind {
	case model.Capability:
		return []*model.Resource{t.Resource}
	case model.Array, model.Map:
		return capabilities(t.Elem, seen)
	case model.AliasRef:
		return capabilities(t.Alias.Type, seen)
	case model.StructRef:
		if seen[&t.Struct.Decl] {
			return nil
		}
		seen[&t.Struct.Decl] = true
		var out []*model.Resource
		for _, p := range t.Struct.Properties {
			out = append(out, capabilities(p.Type, seen)...)
		}
		return out
	}
	return nil
}

// alsoReplaced says which other resources are replaced when a resource of type r is: those that refer
// to it through a replaces property, and so on. It returns "" when there are none.
func (ix *treeIndex) alsoReplaced(r *model.Resource) string {
	seen := map[*model.Resource]bool{r: true}
	var names []string
	queue := []*model.Resource{r}
	for len(queue) > 0 {
		next := queue[0]
		queue = queue[1:]
		for _, dep := range ix.replacedWith[next] {
			if !seen[dep] {
				seen[dep] = true
				names = append(names, dep.Decl.QualifiedName())
				queue = append(queue, dep)
			}
		}
	}
	if len(names) == 0 {
		return ""
	}
	slices.Sort(names)
	return fmt.Sprintf(", and with it the resources that refer to it through a replaces property (%s)", listed(names, 5))
}

// listed joins up to max names with commas, and says how many more there are.
func listed(names []string, max int) string {
	if len(names) <= max {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:max], ", "), len(names)-max)
}
