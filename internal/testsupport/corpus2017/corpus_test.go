package corpus2017

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/gen/gostub"
	"github.com/cidlc/cidlc/gen/pulumischema"
	"github.com/cidlc/cidlc/gen/typescript"
	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/idl/model"
)

// corpus is the IDL root of the corpus; pkgName is its token package, the root package's name.
const (
	corpus  = "../../../testdata/golden/go_2017_corpus/idl"
	pkgName = "aws"
)

// The declarations of the corpus as the 2017 tool read them.
type (
	decl struct {
		kind   string // resource, struct, enum, alias, resource alias
		name   string
		module string // the IDL file's path without .go: sns/topic
		props  []prop
		values map[string]string // an enum's values by constant name
		target string            // a resource alias's resource, "pkg.Name" or "Name"
		pkg    string            // the Go package name
	}
	prop struct {
		name              string // the wire name: the lumi tag's first element
		out, in, optional bool
	}
)

func (d decl) token() string { return pkgName + ":" + d.module + ":" + d.name }

// read2017 reads the corpus with go/parser, by the 2017 tool's rules.
func read2017(t *testing.T) []*decl {
	t.Helper()
	var decls []*decl
	fset := token.NewFileSet()
	err := filepath.WalkDir(corpus, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(corpus, path)
		module := strings.TrimSuffix(filepath.ToSlash(rel), ".go")
		consts := map[string]map[string]string{} // type → const name → value
		for _, gd := range f.Decls {
			gd, ok := gd.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, spec := range gd.Specs {
				switch spec := spec.(type) {
				case *ast.ValueSpec:
					if id, ok := spec.Type.(*ast.Ident); ok && gd.Tok == token.CONST {
						for i, n := range spec.Names {
							v, _ := strconv.Unquote(spec.Values[i].(*ast.BasicLit).Value)
							if consts[id.Name] == nil {
								consts[id.Name] = map[string]string{}
							}
							consts[id.Name][n.Name] = v
						}
					}
				case *ast.TypeSpec:
					decls = append(decls, typeDecl(t, spec, module, f.Name.Name))
				}
			}
		}
		for _, d := range decls {
			if d.module == module && consts[d.name] != nil {
				d.kind, d.values = "enum", consts[d.name]
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// A type defined from a resource names it.
	resources := map[string]bool{}
	for _, d := range decls {
		if d.kind == "resource" {
			resources[d.pkg+"."+d.name] = true
		}
	}
	for _, d := range decls {
		if d.kind == "defined" {
			target := d.target
			if !strings.Contains(target, ".") {
				target = d.pkg + "." + target
			}
			if !resources[target] {
				t.Fatalf("%s: defined from %s, which the corpus does not declare as a resource", d.name, d.target)
			}
			d.kind = "resource alias"
		}
	}
	return decls
}

// typeDecl classifies one type declaration by the 2017 tool's rules.
func typeDecl(t *testing.T, spec *ast.TypeSpec, module, pkg string) *decl {
	d := &decl{name: spec.Name.Name, module: module, pkg: pkg, kind: "alias"}
	switch typ := spec.Type.(type) {
	case *ast.StructType:
		d.kind = "struct"
		for _, f := range typ.Fields.List {
			if len(f.Names) == 0 {
				if sel, ok := f.Type.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Resource" || sel.Sel.Name == "NamedResource") {
					d.kind = "resource"
				}
				continue
			}
			if f.Tag == nil {
				t.Fatalf("%s.%s: the corpus is written in the 2017 style, a lumi tag on every field", d.name, f.Names[0].Name)
			}
			tag, _ := strconv.Unquote(f.Tag.Value)
			elems := strings.Split(reflect.StructTag(tag).Get("lumi"), ",")
			p := prop{name: elems[0]}
			for _, o := range elems[1:] {
				p.out = p.out || o == "out"
				p.in = p.in || o == "in"
				p.optional = p.optional || o == "optional"
			}
			d.props = append(d.props, p)
		}
	case *ast.SelectorExpr:
		d.kind, d.target = "defined", typ.X.(*ast.Ident).Name+"."+typ.Sel.Name
	case *ast.Ident:
		if typ.Name != "string" && typ.Name != "bool" && typ.Name != "float64" {
			d.kind, d.target = "defined", typ.Name
		}
	}
	return d
}

// TestCorpusIsComplete loads the corpus, generates every output in memory, and looks for the counterpart
// of each declaration and property.
func TestCorpusIsComplete(t *testing.T) {
	tree, err := load.Load(load.Config{Dir: corpus})
	if err != nil {
		t.Fatalf("the 2017 corpus does not compile:\n%v", err)
	}
	if len(tree.Warnings) > 0 {
		t.Errorf("the 2017 corpus has warnings:\n%v", tree.Warnings)
	}
	pack := files(t, typescript.Backend{}, tree)
	stubs := files(t, gostub.New(gostub.Options{ImportPath: "example.com/corpus/provider", VerifyLayout: true}), tree)
	raw, err := pulumischema.Marshal(tree, pulumischema.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var schema struct {
		Resources map[string]struct {
			Properties      map[string]json.RawMessage `json:"properties"`
			InputProperties map[string]json.RawMessage `json:"inputProperties"`
		} `json:"resources"`
		Types map[string]struct {
			Properties map[string]json.RawMessage `json:"properties"`
			Enum       []struct {
				Value string `json:"value"`
			} `json:"enum"`
		} `json:"types"`
	}
	if err := json.Unmarshal(raw, &schema); err != nil {
		t.Fatal(err)
	}

	decls := read2017(t)
	kinds := map[string]int{}
	for _, d := range decls {
		kinds[d.kind]++
		ts, stub := pack[d.module+".ts"], stubs[d.module+"_stub.go"]
		missing := func(output, what string) { t.Errorf("%s %s: %s has no %s", d.kind, d.name, output, what) }
		switch d.kind {
		case "resource":
			class := resourceClass(ts, d.name)
			if class == "" {
				missing("the TypeScript package", "exported class")
			}
			args := ""
			if m := regexp.MustCompile(`constructor\(name: string, args\??: (\w+), `).FindStringSubmatch(class); m != nil {
				args = block(ts, "export interface "+m[1]+" {")
			}
			if args == "" {
				missing("the TypeScript package", "arguments interface")
			}
			r, ok := schema.Resources[d.token()]
			if !ok {
				missing("the schema", "resource "+d.token())
			}
			if !strings.Contains(stub, "const "+d.name+" tokens.Type = "+strconv.Quote(d.token())) {
				missing("the Go stubs", "token")
			}
			for _, p := range d.props {
				if p.out && p.name == "id" {
					continue // the resource's ID, which the class, the schema and the stubs have as such
				}
				if !member(class, "declare public readonly "+p.name+": ") {
					missing("its TypeScript class", "property "+p.name)
				}
				if _, ok := r.Properties[p.name]; !ok && !p.in {
					missing("its schema properties", p.name)
				}
				if !p.out {
					if !member(args, p.name+": ") && !member(args, p.name+"?: ") {
						missing("its TypeScript arguments", "property "+p.name)
					}
					if _, ok := r.InputProperties[p.name]; !ok {
						missing("its schema inputs", p.name)
					}
				}
				if !strings.Contains(stub, strconv.Quote(p.name)) {
					missing("the Go stubs", "property "+p.name)
				}
			}
		case "struct":
			iface := block(ts, "export interface "+d.name+" {")
			if iface == "" {
				missing("the TypeScript package", "interface")
			}
			typ, ok := schema.Types[d.token()]
			if !ok {
				missing("the schema", "type "+d.token())
			}
			if !strings.Contains(stub, "type "+d.name+" struct {") {
				missing("the Go stubs", "struct")
			}
			for _, p := range d.props {
				if !member(iface, "readonly "+p.name+": ") && !member(iface, "readonly "+p.name+"?: ") {
					missing("its TypeScript interface", "property "+p.name)
				}
				if _, ok := typ.Properties[p.name]; !ok {
					missing("its schema type", "property "+p.name)
				}
				if !strings.Contains(stub, strconv.Quote(p.name)) {
					missing("the Go stubs", "property "+p.name)
				}
			}
		case "enum":
			union := line(ts, "export type "+d.name+" = ")
			typ := schema.Types[d.token()]
			if !strings.Contains(stub, "type "+d.name+" string") {
				missing("the Go stubs", "type")
			}
			for name, v := range d.values {
				if !strings.Contains(union, strconv.Quote(v)) {
					missing("its TypeScript union", "value "+strconv.Quote(v))
				}
				if !strings.Contains(ts, "export const "+name+": "+d.name+" = "+strconv.Quote(v)+";") {
					missing("the TypeScript package", "constant "+name)
				}
				if !slicesContain(typ.Enum, v) {
					missing("its schema type", "value "+strconv.Quote(v))
				}
				if !regexp.MustCompile(`\b` + name + ` +` + d.name + ` = ` + regexp.QuoteMeta(strconv.Quote(v))).MatchString(stub) {
					missing("the Go stubs", "constant "+name)
				}
			}
		case "alias":
			if line(ts, "export type "+d.name+" = ") == "" {
				missing("the TypeScript package", "type")
			}
			if !strings.Contains(stub, "type "+d.name+" ") {
				missing("the Go stubs", "type")
			}
		case "resource alias":
			// Another name for the resource, for references only: no token of its own.
			if line(ts, "export type "+d.name+" = ") == "" {
				missing("the TypeScript package", "type")
			}
			_, isResource := schema.Resources[d.token()]
			if _, isType := schema.Types[d.token()]; isResource || isType {
				t.Errorf("resource alias %s: the schema declares it, as if it were a resource type of its own", d.name)
			}
		default:
			t.Errorf("%s: the corpus declares a %s, which this test does not know", d.name, d.kind)
		}
	}
	// The corpus has what the test is for.
	for kind, least := range map[string]int{"resource": 10, "struct": 6, "enum": 6, "alias": 2, "resource alias": 1} {
		if kinds[kind] < least {
			t.Errorf("the corpus has %d declarations of kind %s; the test wants at least %d", kinds[kind], kind, least)
		}
	}
}

// files generates the outputs of backend b from tree, by path.
func files(t *testing.T, b gen.Backend, tree *model.Tree) map[string]string {
	t.Helper()
	out, err := b.Generate(tree)
	if err != nil {
		t.Fatalf("%s: %v", b.Name(), err)
	}
	byPath := map[string]string{}
	for _, f := range out {
		byPath[f.Path] = string(f.Content)
	}
	return byPath
}

// resourceClass returns the class of resource name in src, exported under that name: declared as it
// is, or under another name that TypeScript allows (class Object_, exported as Object).
func resourceClass(src, name string) string {
	if class := block(src, "export class "+name+" extends pulumi.CustomResource {"); class != "" {
		return class
	}
	m := regexp.MustCompile(`\nexport \{ (\w+) as ` + name + ` \};\n`).FindStringSubmatch(src)
	if m == nil {
		return ""
	}
	return block(src, "class "+m[1]+" extends pulumi.CustomResource {")
}

// block returns the text of the block that starts with the line head, up to its closing brace at the
// start of a line; "" when there is none.
func block(src, head string) string {
	i := strings.Index(src, "\n"+head+"\n")
	if i < 0 {
		return ""
	}
	rest := src[i+1:]
	if j := strings.Index(rest, "\n}\n"); j >= 0 {
		return rest[:j]
	}
	return rest
}

// member reports whether a block has a member line starting with text, after its indentation.
func member(block, text string) bool {
	return strings.Contains(block, "\n    "+text)
}

// line returns the line of src that starts with prefix, or "".
func line(src, prefix string) string {
	for _, l := range strings.Split(src, "\n") {
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	return ""
}

func slicesContain(enum []struct {
	Value string `json:"value"`
}, v string) bool {
	for _, e := range enum {
		if e.Value == v {
			return true
		}
	}
	return false
}
