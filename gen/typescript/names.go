package typescript

import (
	"fmt"
	"go/token"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/idl/model"
)

// The names of the twins a declaration gets: XArgs is the input shape of struct (or alias) X and the
// constructor arguments of resource X; XState is what X.get accepts.
const (
	argsSuffix  = "Args"
	stateSuffix = "State"
)

// forbiddenClassNames are names TypeScript refuses for a class in a CommonJS module (error TS2725: the
// emitted module code itself uses the global Object). Such a class is declared under another local name
// and exported under its own: `class Object_ …` then `export { Object_ as Object };`.
var forbiddenClassNames = map[string]bool{"Object": true}

// A generatedName is a name one IDL declaration adds to the exports of its TypeScript module.
type generatedName struct {
	name    string
	subject string // the IDL declaration: "Rule"
	what    string // what the name is: "struct Rule", "the input shape of struct Rule"
	pos     token.Position
}

// generatedNames returns the names the declarations of f export, in declaration order per kind.
func generatedNames(f *model.File) []generatedName {
	var names []generatedName
	add := func(name, subject, what string, pos token.Position) {
		names = append(names, generatedName{name, subject, what, pos})
	}
	for _, r := range f.Resources {
		add(r.Name, r.Name, "resource "+r.Name, r.Pos)
		add(r.Name+argsSuffix, r.Name, "the arguments of resource "+r.Name, r.Pos)
		add(r.Name+stateSuffix, r.Name, "the state of resource "+r.Name, r.Pos)
	}
	for _, s := range f.Structs {
		add(s.Name, s.Name, "struct "+s.Name, s.Pos)
		add(s.Name+argsSuffix, s.Name, "the input shape of struct "+s.Name, s.Pos)
	}
	for _, e := range f.Enums {
		add(e.Name, e.Name, "enum "+e.Name, e.Pos)
		for _, v := range e.Values {
			add(v.Name, v.Name, "enum value "+v.Name, v.Pos)
		}
	}
	for _, a := range f.Aliases {
		add(a.Name, a.Name, "type "+a.Name, a.Pos)
		if hasInputShape(a.Type) {
			add(a.Name+argsSuffix, a.Name, "the input shape of type "+a.Name, a.Pos)
		}
	}
	for _, c := range f.Consts {
		add(c.Name, c.Name, "const "+c.Name, c.Pos)
	}
	return names
}

// ownNames maps the names the declarations of f export to the names that bind them inside the file:
// the same, but for a class TypeScript will not let have its name.
func ownNames(f *model.File) map[string]string {
	own := map[string]string{}
	if f == nil {
		return own
	}
	for _, n := range generatedNames(f) {
		own[n.name] = n.name
	}
	for _, r := range f.Resources {
		if forbiddenClassNames[r.Name] {
			local := r.Name + "_"
			for taken(own, local) {
				local += "_"
			}
			own[r.Name] = local
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

// validateNames reports what in a valid IDL cannot become a TypeScript package: two exports of one module with
// the same name (struct Rule and struct RuleArgs generate RuleArgs twice; a sub-directory's namespace
// shares the module's exports), strings that are not UTF-8, which JavaScript strings (and Pulumi's
// wire format) cannot hold, and resources of more properties than tsc can validateNames. It reports every
// problem, positioned like the loader's diagnostics.
func validateNames(tree *model.Tree, dirs map[string]*packageDir) error {
	var diags gen.Diagnostics
	for _, pkg := range tree.Packages {
		seen := map[string]generatedName{}
		if d := dirs[pkg.Dir]; d != nil {
			for _, sub := range d.subdirs {
				name := path.Base(sub)
				seen[name] = generatedName{name: name, what: "the namespace of directory " + sub + "/"}
			}
		}
		for _, f := range pkg.Files {
			for _, n := range generatedNames(f) {
				if first, dup := seen[n.name]; dup {
					other := first.what
					if first.pos.IsValid() {
						other += " (" + filepath.Base(first.pos.Filename) + ":" + strconv.Itoa(first.pos.Line) + ")"
					}
					diags = append(diags, gen.Diagnostic{Pos: n.pos, Msg: fmt.Sprintf(
						"%s: the TypeScript name %s of %s is also the name of %s; rename one of them", n.subject, n.name, n.what, other)})
					continue
				}
				seen[n.name] = n
			}
			diags = append(diags, validateStrings(f)...)
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
		return diags
	}
	return nil
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
