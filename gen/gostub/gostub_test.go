package gostub

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/idl/schema"
)

// model builds a package with one module ("" or a directory) per entry of files, each holding the
// given files.
func model(modules map[string][]*schema.File) *schema.Package {
	pkg := &schema.Package{Name: "acme", Path: "example.com/acme/idl"}
	for _, dir := range []string{"", "net", "provider"} {
		files, ok := modules[dir]
		if !ok {
			continue
		}
		name := dir
		if name == "" {
			name = "acme"
		}
		m := &schema.Module{Dir: dir, Name: name, Path: strings.TrimSuffix(pkg.Path+"/"+dir, "/"), Package: pkg}
		for _, f := range files {
			f.Owner = m
			for _, r := range f.Resources {
				r.File = f
			}
			for _, s := range f.Structs {
				s.File = f
			}
			for _, e := range f.Enums {
				e.File = f
			}
			m.Files = append(m.Files, f)
		}
		pkg.Modules = append(pkg.Modules, m)
	}
	return pkg
}

func resourceDecl(name string, props ...*schema.Property) *schema.Resource {
	return &schema.Resource{Decl: schema.Decl{Name: name, Token: "acme:x:" + name}, Properties: props}
}

// show renders a fragment as the Go it produces.
func show(c jen.Code) string { return fmt.Sprintf("%#v", c) }

func TestCodecs(t *testing.T) {
	region := &schema.Enum{Decl: schema.Decl{Name: "Region"}}
	rule := &schema.Struct{Decl: schema.Decl{Name: "Rule"}}
	vpc := resourceDecl("VPC")
	tags := &schema.Alias{Decl: schema.Decl{Name: "Tags"}, Type: &schema.Type{Kind: schema.Map, Key: &schema.Type{Kind: schema.String}, Elem: &schema.Type{Kind: schema.String}}}
	pkg := model(map[string][]*schema.File{
		"":    {{Path: "types.go", Enums: []*schema.Enum{region}, Structs: []*schema.Struct{rule}}},
		"net": {{Path: "net/vpc.go", Resources: []*schema.Resource{vpc}}},
	})
	pkg.Modules[0].Files[0].Aliases = []*schema.Alias{tags}
	tags.File = pkg.Modules[0].Files[0]
	// A fragment renders outside any file: every package shows under the last element of its path.
	g, err := newModuleGen("example.com/stubs/acme", pkg.Modules[1])
	if err != nil {
		t.Fatal(err)
	}
	enumRef := &schema.Type{Kind: schema.EnumRef, Enum: region}
	for _, c := range []struct {
		typ              *schema.Type
		goType, dec, enc string
	}{
		{&schema.Type{Kind: schema.String}, "string", "provider.String[string]", "provider.StringValue[string]"},
		{&schema.Type{Kind: schema.Capability, Resource: vpc}, "provider.Ref", "provider.RefTo(net.VPC)", "provider.RefValue"},
		{&schema.Type{Kind: schema.AliasRef, Alias: tags}, "acme.Tags", "provider.MapOf[acme.Tags](provider.String[string])", "provider.MapValueOf[acme.Tags](provider.StringValue[string])"},
		{&schema.Type{Kind: schema.Map, Key: enumRef, Elem: &schema.Type{Kind: schema.Array, Elem: &schema.Type{Kind: schema.StructRef, Struct: rule}}},
			"map[acme.Region][]acme.Rule",
			"provider.EnumMapOf[map[acme.Region][]acme.Rule](provider.ArrayOf[[]acme.Rule](acme.UnmarshalRule))",
			"provider.MapValueOf[map[acme.Region][]acme.Rule](provider.ArrayValueOf[[]acme.Rule](acme.MarshalRule))"},
	} {
		if got := show(g.goType(c.typ)); got != c.goType {
			t.Errorf("goType(%s) = %s, want %s", c.typ.Kind, got, c.goType)
		}
		if got := show(g.decoder(c.typ)); got != c.dec {
			t.Errorf("decoder(%s) = %s, want %s", c.typ.Kind, got, c.dec)
		}
		if got := show(g.encoder(c.typ)); got != c.enc {
			t.Errorf("encoder(%s) = %s, want %s", c.typ.Kind, got, c.enc)
		}
	}
}

func TestLowerName(t *testing.T) {
	pkg := model(map[string][]*schema.File{"": {{Path: "a.go"}}, "net": {{Path: "net/b.go"}}})
	g, err := newModuleGen("example.com/p", pkg.Modules[0])
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"SecurityGroup": "securityGroup", "VPC": "vpc", "IPSet": "ipSet", "Type": "type_", "String": "string_",
		"Resource": "resource_", "Net": "net_", "Hooks": "hooks_", "Obj": "obj_", "X": "x_", "URN": "urn",
	} {
		if got := g.lowerName(name); got != want {
			t.Errorf("lowerName(%s) = %s, want %s", name, got, want)
		}
	}
}

func TestNameCollision(t *testing.T) {
	bucket := resourceDecl("Bucket")
	bucket.Pos = token.Position{Filename: "/idl/a.go", Offset: 40, Line: 5, Column: 6}
	pkg := model(map[string][]*schema.File{"": {
		{Path: "a.go", Resources: []*schema.Resource{bucket}},
		{Path: "b.go", Aliases: []*schema.Alias{{Decl: schema.Decl{Name: "BucketProvider",
			Pos: token.Position{Filename: "/idl/b.go", Offset: 20, Line: 3, Column: 6}}, Type: &schema.Type{Kind: schema.String}}}},
	}})
	_, err := New(Options{ImportPath: "example.com/p"}).Generate(pkg)
	want := "/idl/b.go:3:6: type BucketProvider: the Go stubs would declare BucketProvider for it and for resource Bucket (a.go:5); rename one of them"
	if err == nil || err.Error() != want {
		t.Errorf("Generate = %v, want %s", err, want)
	}
}

func TestNoImportPath(t *testing.T) {
	if _, err := New(Options{}).Generate(model(nil)); err == nil {
		t.Error("Generate without an import path succeeded")
	}
}

// TestImportNames: an IDL package named like a package or a local variable of the stubs is imported
// under another name, and a package whose directory is not its name under its name, explicitly.
func TestImportNames(t *testing.T) {
	plugin := resourceDecl("Plugin")
	user := resourceDecl("User", &schema.Property{GoName: "Plugin", Name: "plugin", Type: &schema.Type{Kind: schema.Capability, Resource: plugin}})
	pkg := model(map[string][]*schema.File{
		"":         {{Path: "user.go", Resources: []*schema.Resource{user}}},
		"provider": {{Path: "provider/plugin.go", Resources: []*schema.Resource{plugin}}},
	})
	files, err := New(Options{ImportPath: "example.com/acme/out"}).Generate(pkg)
	if err != nil {
		t.Fatal(err)
	}
	src := string(files[0].Content)
	for _, want := range []string{`providerstubs "example.com/acme/out/provider"`, "provider.RefTo(providerstubs.Plugin)", "package acme"} {
		if !strings.Contains(src, want) {
			t.Errorf("%s lacks %q:\n%s", files[0].Path, want, src)
		}
	}
}

func TestHeader(t *testing.T) {
	files, err := New(Options{ImportPath: "example.com/p"}).Generate(model(map[string][]*schema.File{"net": {{Path: "net/empty.go"}}}))
	if err != nil {
		t.Fatal(err)
	}
	want := gen.Header + "\n// Source: net/empty.go\n\npackage net\n"
	if len(files) != 1 || files[0].Path != "net/empty_stub.go" || string(files[0].Content) != want {
		t.Errorf("files = %v; want net/empty_stub.go holding %q", files, want)
	}
}

func TestFormatFailure(t *testing.T) {
	jf := jen.NewFile("p")
	jf.Func().Id("f").Params().Block(jen.Op("(")) // not Go
	_, err := render(jf, "p_stub.go")
	if err == nil || !strings.Contains(err.Error(), "p_stub.go: generated Go does not parse") || !strings.Contains(err.Error(), "    5  (") {
		t.Errorf("render of bad Go: %v; want the error and the numbered source", err)
	}
}

func TestImportPath(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module example.com/m\n\ngo 1.26\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	for dir, want := range map[string]string{
		root:                                     "example.com/m",
		filepath.Join(root, "provider"):          "example.com/m/provider",
		filepath.Join(root, "a", "b", "not-yet"): "example.com/m/a/b/not-yet",
	} {
		if got, err := ImportPath(dir); err != nil || got != want {
			t.Errorf("ImportPath(%s) = %q, %v; want %q", dir, got, err, want)
		}
	}
	if _, err := ImportPath(string(filepath.Separator)); err == nil {
		t.Error("ImportPath outside any module succeeded")
	}
	if _, err := ImportPath(filepath.Join(root, "my provider")); err == nil || !strings.Contains(err.Error(), `my provider: Go code cannot live there: malformed import path "example.com/m/my provider": invalid char ' '`) {
		t.Errorf("ImportPath of a directory with a space: %v", err)
	}
}

func TestConstraintsLit(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	n := func(v int) *int { return &v }
	for _, c := range []struct {
		cs   schema.Constraints
		want string
	}{
		{schema.Constraints{Min: f(0.1), ExclusiveMax: f(1e21)}, "&provider.Constraints{Min: provider.Float(0.1), ExclusiveMax: provider.Float(1e+21)}"},
		{schema.Constraints{MaxLength: n(3), Pattern: `^\d+$`}, "&provider.Constraints{MaxLength: provider.Int(3), Pattern: regexp.MustCompile(`^\\d+$`)}"},
		{schema.Constraints{Pattern: "^a`b\t$"}, `&provider.Constraints{Pattern: regexp.MustCompile("^a` + "`" + `b\t$")}`},
		{schema.Constraints{UniqueItems: true, Items: &schema.Constraints{MinProperties: n(1)}},
			"&provider.Constraints{UniqueItems: true, Items: &provider.Constraints{MinProperties: provider.Int(1)}}"},
	} {
		if got := show(constraintsLit(&c.cs)); got != c.want {
			t.Errorf("constraintsLit(%+v) =\n%s\nwant\n%s", c.cs, got, c.want)
		}
	}
	for v, want := range map[any]string{20.0: "resource.NewNumberProperty(20)", "a, b": `resource.NewStringProperty("a, b")`, false: "resource.NewBoolProperty(false)"} {
		if got := show(defaultValue(v)); got != want {
			t.Errorf("defaultValue(%v) = %s, want %s", v, got, want)
		}
	}
}

// TestPrivateNames: the unexported names the stubs derive from IDL names (marshaling structs, contract
// variables) can meet, and must then be made unique rather than declared twice or rejected: resources
// Error and Error_ both want error_, the contract of Disk.Size and resource DiskSize both want diskSize,
// the contracts of Foo.BarX and FooBar.X both want fooBarX (struct contracts were not even checked, and
// the stubs did not compile).
func TestPrivateNames(t *testing.T) {
	constrained := func(name string) *schema.Property {
		return &schema.Property{GoName: name, Name: strings.ToLower(name), Type: &schema.Type{Kind: schema.Number}, Constraints: &schema.Constraints{}}
	}
	foo := &schema.Struct{Decl: schema.Decl{Name: "Foo"}, Properties: []*schema.Property{constrained("BarX")}}
	fooBar := &schema.Struct{Decl: schema.Decl{Name: "FooBar"}, Properties: []*schema.Property{constrained("X")}}
	pkg := model(map[string][]*schema.File{"": {
		{Path: "a.go", Resources: []*schema.Resource{resourceDecl("Disk", constrained("Size")), resourceDecl("DiskSize"), resourceDecl("Error"), resourceDecl("Error_")},
			Structs: []*schema.Struct{foo, fooBar}},
	}})
	files, err := New(Options{ImportPath: "example.com/p"}).Generate(pkg)
	if err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(token.NewFileSet(), "a_stub.go", files[0].Content, 0)
	if err != nil {
		t.Fatal(err)
	}
	declared := map[string]bool{}
	for _, d := range f.Decls {
		var names []*ast.Ident
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				names = append(names, d.Name)
			}
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				switch spec := spec.(type) {
				case *ast.TypeSpec:
					names = append(names, spec.Name)
				case *ast.ValueSpec:
					names = append(names, spec.Names...)
				}
			}
		}
		for _, n := range names {
			if n.Name != "_" && declared[n.Name] {
				t.Errorf("%s is declared twice", n.Name)
			}
			declared[n.Name] = true
		}
	}
	for _, want := range []string{"disk", "diskSize", "diskSize_", "error_", "error__", "fooBarX", "fooBarX_"} {
		if !declared[want] {
			t.Errorf("%s is not declared", want)
		}
	}
}
