package typescript

import (
	"fmt"
	"go/token"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/idl/model"
)

// The suffixes of the twins a declaration gets (see twin): XArgs is the input shape of struct (or alias) X,
// the constructor arguments of resource X and the arguments of function X (getX); XState is what X.get
// accepts; XOutputArgs and XResult are the arguments of getXOutput and what both forms of a function
// return, and getXOutput, the Output form, is its call name with outputSuffix.
const (
	argsSuffix       = "Args"
	stateSuffix      = "State"
	outputArgsSuffix = "OutputArgs"
	resultSuffix     = "Result"
	outputSuffix     = "Output"
)

// pulumiImport is the name under which the files of the package import @pulumi/pulumi, which the
// templates write as it is: no name a file declares may take it.
const pulumiImport = "pulumi"

// forbiddenClassNames are names TypeScript refuses for a class in a CommonJS module (error TS2725: the
// emitted module code itself uses the global Object). Such a class is declared under another local name
// and exported under its own: `class Object_ …` then `export { Object_ as Object };`.
var forbiddenClassNames = map[string]bool{"Object": true}

// An exportName is a name that one IDL declaration gives an export of its TypeScript module.
type exportName struct {
	name    string
	subject string // the IDL declaration: "Rule"
	what    string // what the name is: "struct Rule"
	pos     token.Position
}

// authorNames returns the names the author wrote that the declarations of f export, in declaration order
// per kind.
func authorNames(f *model.File) []exportName {
	n := len(f.Resources) + len(f.ResourceAliases) + len(f.Functions) + len(f.Structs) + len(f.Aliases) + len(f.Consts)
	for _, e := range f.Enums {
		n += 1 + len(e.Values)
	}
	names := make([]exportName, 0, n)
	add := func(name, what string, pos token.Position) {
		names = append(names, exportName{name, name, what, pos})
	}
	for _, r := range f.Resources {
		add(r.Name, "resource "+r.Name, r.Pos)
	}
	for _, a := range f.ResourceAliases {
		add(a.Name, "resource alias "+a.Name, a.Pos)
	}
	for _, fn := range f.Functions {
		// The name programs call it by, from the author's name, which its token holds in every SDK.
		names = append(names, exportName{fn.CallName, fn.Name, "function " + fn.CallName, fn.Pos})
	}
	for _, s := range f.Structs {
		add(s.Name, "struct "+s.Name, s.Pos)
	}
	for _, e := range f.Enums {
		add(e.Name, "enum "+e.Name, e.Pos)
		for _, v := range e.Values {
			add(v.Name, "enum value "+v.Name, v.Pos)
		}
	}
	for _, a := range f.Aliases {
		add(a.Name, "type "+a.Name, a.Pos)
	}
	for _, c := range f.Consts {
		add(c.Name, "const "+c.Name, c.Pos)
	}
	return names
}

// A twin is an export of a declaration whose name the package makes up: XArgs, the input shape of
// struct (or alias) X and the constructor arguments of resource X, and XState, what X.get accepts; for
// function X, XArgs, XOutputArgs and XResult, and the Output form of its call name x, xOutput.
type twin struct {
	decl   *model.Decl
	base   string // the name the twin's is made of: the declaration's, or a function's call name
	suffix string // argsSuffix, stateSuffix, …
	kind   string // the word the name takes when it must give way: gen.KindResource, gen.KindType, gen.KindFunction
}

// twins returns the twins of f's declarations in source order.
func twins(f *model.File) []twin {
	var ts []twin
	for _, r := range f.Resources {
		ts = append(ts, twin{&r.Decl, r.Name, argsSuffix, gen.KindResource}, twin{&r.Decl, r.Name, stateSuffix, gen.KindResource})
	}
	for _, fn := range f.Functions {
		ts = append(ts, twin{&fn.Decl, fn.CallName, outputSuffix, gen.KindFunction})
		if len(fn.Inputs()) > 0 { // a function without inputs takes no arguments
			ts = append(ts, twin{&fn.Decl, fn.Name, argsSuffix, gen.KindFunction}, twin{&fn.Decl, fn.Name, outputArgsSuffix, gen.KindFunction})
		}
		ts = append(ts, twin{&fn.Decl, fn.Name, resultSuffix, gen.KindFunction})
	}
	for _, s := range f.Structs {
		ts = append(ts, twin{&s.Decl, s.Name, argsSuffix, gen.KindType})
	}
	for _, a := range f.Aliases {
		if hasInputShape(a.Type) {
			ts = append(ts, twin{&a.Decl, a.Name, argsSuffix, gen.KindType})
		}
	}
	slices.SortStableFunc(ts, func(a, b twin) int { return a.decl.Pos.Offset - b.decl.Pos.Offset })
	return ts
}

// twinKey names a twin: its declaration and suffix.
type twinKey struct {
	decl   *model.Decl
	suffix string
}

// twinNames are the exported names of the twins of a whole IDL.
type twinNames map[twinKey]string

// exportName returns the name under which d's module exports d (suffix "") or its twin.
func (n twinNames) exportName(d *model.Decl, suffix string) string {
	if suffix == "" {
		return d.Name
	}
	if name, ok := n[twinKey{d, suffix}]; ok {
		return name
	}
	return d.Name + suffix
}

// ownNames maps the names the declarations of f export to the names that bind them inside the file:
// the same, but for a class or a function TypeScript will not let have its name, whose local name takes
// none of the file's names nor any of bound (the names a barrel declares for its directory's files).
func ownNames(f *model.File, names twinNames, bound map[string]bool) map[string]string {
	if f == nil {
		return map[string]string{}
	}
	exports, ts := authorNames(f), twins(f)
	own := make(map[string]string, len(exports)+len(ts))
	for _, n := range exports {
		own[n.name] = n.name
	}
	for _, t := range ts {
		name := names.exportName(t.decl, t.suffix)
		own[name] = name
	}
	for _, r := range f.Resources {
		if forbiddenClassNames[r.Name] {
			local := r.Name + "_"
			for taken(own, local) || bound[local] {
				local += "_"
			}
			own[r.Name] = local
		}
	}
	for _, fn := range f.Functions {
		if slices.Contains(commonJSNames, fn.CallName) {
			// TypeScript reserves these names at the top of a CommonJS module (TS2441, when it emits):
			// the function is declared as _require_ and exported as require.
			own[fn.CallName] = "_" + fn.CallName + "_"
		}
	}
	return own
}

// taken reports whether a local name is bound in own.
func taken(own map[string]string, local string) bool {
	for _, l := range own {
		if l == local {
			return true
		}
	}
	return false
}

// validateNames names the exports of every module, and reports what in a valid IDL cannot become a
// TypeScript package. The modules of one directory share its namespace (its index.ts exports them all,
// beside the namespaces of its sub-directories): there, the names the author wrote are kept, and two of
// them that meet (type Sub and the namespace of directory Sub/) are an error; the twins the package makes
// up give way to them as gen.Names says (the state of resource Milestone beside enum MilestoneState is
// MilestoneResourceState). It also reports strings that are not UTF-8, which JavaScript strings (and
// Pulumi's wire format) cannot hold, and resources of more properties than tsc can check, every problem
// positioned like the loader's diagnostics.
//
// The names of the configuration's exports (the config namespace, Provider and ProviderArgs) are claimed
// in the root package's namespace where the configuration is declared, among the twins.
func validateNames(tree *model.Tree, dirs map[string]*packageDir) (twinNames, providerNames, error) {
	names := twinNames{}
	var provider providerNames
	var diags gen.Diagnostics
	for _, pkg := range tree.Packages {
		ns := gen.NewNames()
		// The names the package's exports take as they are, in the order they are reserved. The first
		// export of a name that another takes again is looked up only then, for the message: the names
		// are not kept.
		exports := func(yield func(exportName) bool) {
			if d := dirs[pkg.Dir]; d != nil {
				for _, sub := range d.subdirs {
					if !yield(exportName{name: path.Base(sub), what: "the namespace of directory " + sub + "/"}) {
						return
					}
				}
			}
			for _, f := range pkg.Files {
				for _, n := range authorNames(f) {
					if !yield(n) {
						return
					}
				}
			}
		}
		for n := range exports {
			if ns.Reserve(n.name) {
				continue
			}
			var first exportName
			for m := range exports {
				if m.name == n.name {
					first = m
					break
				}
			}
			other := first.what
			if first.pos.IsValid() {
				other += " (" + filepath.Base(first.pos.Filename) + ":" + strconv.Itoa(first.pos.Line) + ")"
			}
			diags = append(diags, gen.Diagnostic{Pos: n.pos, Msg: fmt.Sprintf(
				"%s: the TypeScript name %s of %s is also the name of %s; rename one of them", n.subject, n.name, n.what, other)})
		}
		for _, f := range pkg.Files {
			claimed := false
			for _, t := range twins(f) {
				if f.Config != nil && !claimed && t.decl.Pos.Offset > f.Config.Pos.Offset {
					provider, claimed = claimProviderNames(ns), true
				}
				names[twinKey{t.decl, t.suffix}] = ns.Generated("", t.base, t.kind, t.suffix)
			}
			if f.Config != nil && !claimed {
				provider = claimProviderNames(ns)
			}
			diags = append(diags, validateStrings(f)...)
			for _, fn := range f.Functions {
				if fn.CallName == pulumiImport {
					diags = append(diags, gen.Diagnostic{Pos: fn.Pos, Msg: fmt.Sprintf(
						"%s: programs would call it %s, the name under which every file of the TypeScript package imports @pulumi/pulumi; rename it",
						fn.Name, pulumiImport)})
				}
			}
			for _, r := range f.Resources {
				if n := len(r.Properties); n > maxProperties {
					diags = append(diags, gen.Diagnostic{Pos: r.Pos, Msg: fmt.Sprintf(
						"%s: a resource of %d properties is more than TypeScript can check: tsc gives up on the constructor of a resource with more than about %d (TS2563, too large for control flow analysis); keep it to %d, by grouping properties into structs or splitting the resource",
						r.Name, n, tscPropertyLimit, maxProperties)})
				}
			}
		}
	}
	if len(diags) > 0 {
		return nil, providerNames{}, diags
	}
	return names, provider, nil
}

// validateStrings reports the string values of f that are not valid UTF-8.
func validateStrings(f *model.File) gen.Diagnostics {
	var diags gen.Diagnostics
	bad := func(pos token.Position, subject string) {
		diags = append(diags, gen.Diagnostic{Pos: pos, Msg: subject + ": the value is not valid UTF-8, which a TypeScript string cannot hold"})
	}
	for _, e := range f.Enums {
		for _, v := range e.Values {
			if !utf8.ValidString(v.Value) {
				bad(v.Pos, v.Name)
			}
		}
	}
	for _, c := range f.Consts {
		if s, ok := c.Value.(string); ok && !utf8.ValidString(s) {
			bad(c.Pos, c.Name)
		}
	}
	return diags
}

// maxProperties is the most properties a resource may have. The constructor of its class reads every
// property of the state and of the arguments (state?.p, args?.p), and tsc's control-flow analysis, which
// grows with the square of such reads, gives up with TS2563 at about tscPropertyLimit of them.
const (
	maxProperties    = 500
	tscPropertyLimit = 900
)

// tsPath returns the package path, without .ts, of the file generated from f: `ec2/securityGroup`.
func tsPath(f *model.File) string { return strings.TrimSuffix(f.Path, ".go") }
