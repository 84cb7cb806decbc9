package gostub

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/idl/model"
)

// model builds a package with one module ("" or a directory) per entry of files, each holding the
// given files.
func tree(modules map[string][]*model.File) *model.Tree {
	tree := &model.Tree{Name: "acme", Path: "example.com/acme/idl"}
	for _, dir := range []string{"", "net", "provider"} {
		files, ok := modules[dir]
		if !ok {
			continue
		}
		name := dir
		if name == "" {
			name = "acme"
		}
		pkg := &model.Package{Dir: dir, Name: name, Path: strings.TrimSuffix(tree.Path+"/"+dir, "/"), Tree: tree}
		for _, f := range files {
			f.Package = pkg
			for _, r := range f.Resources {
				r.File = f
			}
			for _, s := range f.Structs {
				s.File = f
			}
			for _, e := range f.Enums {
				e.File = f
			}
			pkg.Files = append(pkg.Files, f)
		}
		tree.Packages = append(tree.Packages, pkg)
	}
	return tree
}

func resourceDecl(name string, props ...*model.Property) *model.Resource {
	return &model.Resource{Decl: model.Decl{Name: name, Token: "acme:x:" + name}, Properties: props}
}

// show renders a fragment as the Go it produces.
func show(c jen.Code) string { return fmt.Sprintf("%#v", c) }

func TestCodecs(t *testing.T) {
	region := &model.Enum{Decl: model.Decl{Name: "Region"}}
	rule := &model.Struct{Decl: model.Decl{Name: "Rule"}}
	vpc := resourceDecl("VPC")
	tags := &model.Alias{Decl: model.Decl{Name: "Tags"}, Type: &model.Type{Kind: model.Map, Key: &model.Type{Kind: model.String}, Elem: &model.Type{Kind: model.String}}}
	tree := tree(map[string][]*model.File{
		"":    {{Path: "types.go", Enums: []*model.Enum{region}, Structs: []*model.Struct{rule}}},
		"net": {{Path: "net/vpc.go", Resources: []*model.Resource{vpc}}},
	})
	tree.Packages[0].Files[0].Aliases = []*model.Alias{tags}
	tags.File = tree.Packages[0].Files[0]
	// A fragment renders outside any file: every other package shows under the last element of its
	// path; the declarations of g's own package, net, need no qualifier.
	g := newPackageGen(gen.Release{}, tree.Packages[1], exportedNames(tree), newTreeImports("example.com/stubs/acme", tree))
	enumRef := &model.Type{Kind: model.EnumRef, Enum: region}
	for _, c := range []struct {
		typ              *model.Type
		goType, dec, enc string
	}{
		{&model.Type{Kind: model.String}, "string", "provider.String[string]", "provider.StringValue[string]"},
		{&model.Type{Kind: model.Capability, Resource: vpc}, "provider.Ref", "provider.RefTo(VPC)", "provider.RefValue"},
		{&model.Type{Kind: model.AliasRef, Alias: tags}, "acme.Tags", "provider.MapOf[acme.Tags](provider.String[string])", "provider.MapValueOf[acme.Tags](provider.StringValue[string])"},
		{&model.Type{Kind: model.Map, Key: enumRef, Elem: &model.Type{Kind: model.Array, Elem: &model.Type{Kind: model.StructRef, Struct: rule}}},
			"map[acme.Region][]acme.Rule",
			"provider.EnumMapOf[map[acme.Region][]acme.Rule](provider.ArrayOf[[]acme.Rule](acme.UnmarshalRule))",
			"provider.MapValueOf[map[acme.Region][]acme.Rule](provider.ArrayValueOf[[]acme.Rule](acme.MarshalRule))"},
	} {
		if got := show(g.goType(g.code(), c.typ).done()); got != c.goType {
			t.Errorf("goType(%s) = %s, want %s", c.typ.Kind, got, c.goType)
		}
		if got := show(g.decoder(g.code(), c.typ).done()); got != c.dec {
			t.Errorf("decoder(%s) = %s, want %s", c.typ.Kind, got, c.dec)
		}
		if got := show(g.encoder(g.code(), c.typ).done()); got != c.enc {
			t.Errorf("encoder(%s) = %s, want %s", c.typ.Kind, got, c.enc)
		}
	}
}

func TestLowerName(t *testing.T) {
	tree := tree(map[string][]*model.File{"": {{Path: "a.go"}}, "net": {{Path: "net/b.go"}}})
	g := newPackageGen(gen.Release{}, tree.Packages[0], exportedNames(tree), newTreeImports("example.com/p", tree))
	for name, want := range map[string]string{
		"SecurityGroup": "securityGroup", "VPC": "vpc", "IPSet": "ipSet", "Type": "type_", "String": "string_",
		"Resource": "resource_", "Net": "net_", "Hooks": "hooks_", "Obj": "obj_", "X": "x_", "URN": "urn",
	} {
		if got := g.lowerName(name); got != want {
			t.Errorf("lowerName(%s) = %s, want %s", name, got, want)
		}
	}
}

// TestGeneratedNamesGiveWay: a name the stubs generate that the IDL's author took keeps the author's
// declaration as it is, and gets the declaration's kind instead; the names derived from it follow.
func TestGeneratedNamesGiveWay(t *testing.T) {
	bucket := resourceDecl("Bucket")
	bucket.Pos = token.Position{Filename: "/idl/a.go", Offset: 40, Line: 5, Column: 6}
	rule := &model.Struct{Decl: model.Decl{Name: "Rule", Pos: token.Position{Filename: "/idl/a.go", Offset: 80, Line: 9, Column: 6}}}
	tree := tree(map[string][]*model.File{"": {
		{Path: "a.go", Resources: []*model.Resource{bucket}, Structs: []*model.Struct{rule}},
		{Path: "b.go", Aliases: []*model.Alias{
			{Decl: model.Decl{Name: "BucketProvider", Pos: token.Position{Filename: "/idl/b.go", Offset: 20, Line: 3, Column: 6}}, Type: &model.Type{Kind: model.String}},
			{Decl: model.Decl{Name: "UnmarshalRule", Pos: token.Position{Filename: "/idl/b.go", Offset: 60, Line: 5, Column: 6}}, Type: &model.Type{Kind: model.String}},
			{Decl: model.Decl{Name: "NewProvider", Pos: token.Position{Filename: "/idl/b.go", Offset: 90, Line: 7, Column: 6}}, Type: &model.Type{Kind: model.String}},
		}},
	}})
	tree.Config = &model.Config{Decl: model.Decl{Name: "Settings", Pos: token.Position{Filename: "/idl/a.go", Offset: 120, Line: 12, Column: 6}, File: tree.Packages[0].Files[0]}}
	tree.Packages[0].Files[0].Config = tree.Config
	for _, f := range tree.Packages[0].Files {
		for _, a := range f.Aliases {
			a.File = f
		}
	}
	rule.File = tree.Packages[0].Files[0]
	files, err := New(Options{ImportPath: "example.com/p"}).Generate(tree)
	if err != nil {
		t.Fatal(err)
	}
	var all string
	for _, f := range files {
		all += string(f.Content)
	}
	for _, want := range []string{
		"type BucketProvider string", "type UnmarshalRule string", // the author's, as written
		"type BucketProviderOps interface", "type BucketResourceProvider struct",
		"func NewBucketResourceProvider(ops BucketProviderOps) *BucketResourceProvider",
		"func UnmarshalRuleType(d *provider.Decoder", "func MarshalRule(s Rule)",
		"type NewProvider string", "func NewProviderResource(configure provider.ConfigureFunc[Settings]) provider.Configurer",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("the stubs lack %q:\n%s", want, all)
		}
	}
}

func TestNoImportPath(t *testing.T) {
	if _, err := New(Options{}).Generate(tree(nil)); err == nil {
		t.Error("Generate without an import path succeeded")
	}
}

// TestImportNames: an IDL package named like a package or a local variable of the stubs is imported
// under another name, and a package whose directory is not its name under its name, explicitly.
func TestImportNames(t *testing.T) {
	plugin := resourceDecl("Plugin")
	user := resourceDecl("User", &model.Property{GoName: "Plugin", Name: "plugin", Type: &model.Type{Kind: model.Capability, Resource: plugin}})
	tree := tree(map[string][]*model.File{
		"":         {{Path: "user.go", Resources: []*model.Resource{user}}},
		"provider": {{Path: "provider/plugin.go", Resources: []*model.Resource{plugin}}},
	})
	files, err := New(Options{ImportPath: "example.com/acme/out"}).Generate(tree)
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
	files, err := New(Options{ImportPath: "example.com/p"}).Generate(tree(map[string][]*model.File{"net": {{Path: "net/empty.go"}}}))
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
	g := &packageGen{imports: &treeImports{}, buffers: new(buffers)}
	src, err := g.source(jf, "p_stub.go")
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.layOut("p_stub.go", src, nil, &Options{})
	if err == nil || !strings.Contains(err.Error(), "p_stub.go: generated Go does not parse") || !strings.Contains(err.Error(), "    5  (") {
		t.Errorf("render of bad Go: %v; want the error and the numbered source", err)
	}
}

// TestLayoutFallback: a file with a construct package layout has no rule for (a for loop) is laid out
// by go/format, with or without VerifyLayout, and Fallback hears where layout stopped.
func TestLayoutFallback(t *testing.T) {
	src := []byte("package p\n\nfunc f () {\nfor {\ng ()\n}\n}\n") // as jennifer writes it
	want := "package p\n\nfunc f() {\n\tfor {\n\t\tg()\n\t}\n}\n"
	for _, verify := range []bool{false, true} {
		g := &packageGen{imports: &treeImports{}, buffers: new(buffers)}
		var heard []string
		opts := &Options{VerifyLayout: verify, Fallback: func(path string, refusal error) {
			heard = append(heard, path+": "+refusal.Error())
		}}
		got, err := g.layOut("p_stub.go", src, []byte("dst"), opts)
		if err != nil || string(got) != "dst"+want {
			t.Errorf("VerifyLayout=%v: %q, %v; want %q", verify, got, err, "dst"+want)
		}
		if len(heard) != 1 || !strings.Contains(heard[0], `p_stub.go: package layout refused line 4, "for {" (stmt (stmt.go:`) {
			t.Errorf("VerifyLayout=%v: Fallback heard %q", verify, heard)
		}
	}
}

func TestConstraintsLit(t *testing.T) {
	g := &packageGen{imports: &treeImports{}, buffers: new(buffers)}
	f := func(v float64) *float64 { return &v }
	n := func(v int) *int { return &v }
	for _, c := range []struct {
		cs   model.Constraints
		want string
	}{
		{model.Constraints{Min: f(0.1), ExclusiveMax: f(1e21)}, "&provider.Constraints{Min: provider.Float(0.1), ExclusiveMax: provider.Float(1e+21)}"},
		{model.Constraints{MaxLength: n(3), Pattern: `^\d+$`}, "&provider.Constraints{MaxLength: provider.Int(3), Pattern: regexp.MustCompile(`^\\d+$`)}"},
		{model.Constraints{Pattern: "^a`b\t$"}, `&provider.Constraints{Pattern: regexp.MustCompile("^a` + "`" + `b\t$")}`},
		{model.Constraints{UniqueItems: true, Items: &model.Constraints{MinProperties: n(1)}},
			"&provider.Constraints{UniqueItems: true, Items: &provider.Constraints{MinProperties: provider.Int(1)}}"},
	} {
		if got := show(g.constraintsLit(g.code(), &c.cs).done()); got != c.want {
			t.Errorf("constraintsLit(%+v) =\n%s\nwant\n%s", c.cs, got, c.want)
		}
	}
	for v, want := range map[any]string{20.0: "resource.NewNumberProperty(20)", "a, b": `resource.NewStringProperty("a, b")`, false: "resource.NewBoolProperty(false)"} {
		if got := show(g.defaultValue(g.code(), v).done()); got != want {
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
	constrained := func(name string) *model.Property {
		return &model.Property{GoName: name, Name: strings.ToLower(name), Type: &model.Type{Kind: model.Number}, Constraints: &model.Constraints{}}
	}
	foo := &model.Struct{Decl: model.Decl{Name: "Foo"}, Properties: []*model.Property{constrained("BarX")}}
	fooBar := &model.Struct{Decl: model.Decl{Name: "FooBar"}, Properties: []*model.Property{constrained("X")}}
	tree := tree(map[string][]*model.File{"": {
		{Path: "a.go", Resources: []*model.Resource{resourceDecl("Disk", constrained("Size")), resourceDecl("DiskSize"), resourceDecl("Error"), resourceDecl("Error_")},
			Structs: []*model.Struct{foo, fooBar}},
	}})
	files, err := New(Options{ImportPath: "example.com/p"}).Generate(tree)
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

// TestDocRepairs checks that a doc comment keeps to what the Go scanner accepts in a // comment, whatever
// the text: a deprecated= message may hold anything.
func TestDocRepairs(t *testing.T) {
	for text, want := range map[string]string{
		"plain\n\n\tcode":     "// plain\n//\n//\tcode",
		"crlf\r\nand cr\rend": "// crlf\n// and cr\n// end",
		"nul\x00":             `// nul\x00`,
		"é then \ufeffbom":    `// é then \ufeffbom`,
		"bad \xff utf-8":      "// bad \ufffd utf-8",
		"é valid, then \r":    "// é valid, then \n//",
		"café only":           "// café only",
	} {
		if got := doc(text); got != want {
			t.Errorf("doc(%q) = %q, want %q", text, got, want)
		}
	}
}

// TestProse checks the stubs' own doc comments against what fmt.Sprintf and a wrap at proseWidth give,
// and that a comment written straight into code (code.prose, code.proseAnd with the IDL's doc after
// it) is that doc comment, whatever its words.
func TestProse(t *testing.T) {
	sprintfWrapped := func(format string, args ...string) string {
		as := make([]any, len(args))
		for i, a := range args {
			as[i] = a
		}
		var lines []string
		line := ""
		for _, w := range strings.Fields(fmt.Sprintf(format, as...)) {
			if line != "" && len(line)+1+len(w) > proseWidth {
				lines, line = append(lines, line), ""
			}
			if line != "" {
				line += " "
			}
			line += w
		}
		if line != "" {
			lines = append(lines, line)
		}
		return strings.Join(lines, "\n")
	}
	long := strings.Repeat("word ", 40)
	g := &packageGen{imports: &treeImports{}, buffers: new(buffers)}
	for _, c := range []struct {
		format string
		args   []string
	}{
		{"%s is the type token of %s resources.", []string{"VPC", "VPC"}},
		{long + "%s and %s " + long, []string{"A", "B"}},
		{"  spaced\tout\n\nwords  ", nil},
		{"%s%s", []string{strings.Repeat("x", 120), "y"}},
		{"%s %s %s", []string{strings.Repeat("x", 47), strings.Repeat("y", 48), "z"}}, // a line of exactly proseWidth
		{"%s has\u00a0a no-break space, %s a NUL", []string{"Über", "\x00"}},
		{"%s", []string{""}},
	} {
		want := sprintfWrapped(c.format, c.args...)
		if got := prose(c.format, c.args...); got != want {
			t.Errorf("prose(%q, %q) =\n%s\nwant\n%s", c.format, c.args, got, want)
		}
		wantDoc := ""
		if want != "" {
			wantDoc = doc(want) + docEnd
		}
		g.startFile()
		code := g.code().prose(c.format, c.args...)
		if got := string(g.comments.Expand(code.text)); got != wantDoc {
			t.Errorf("code.prose(%q, %q) =\n%q\nwant\n%q", c.format, c.args, got, wantDoc)
		}
		code.done()
		// With the IDL's doc after it, as one comment.
		for _, text := range []string{"", "Doc.", "A\n\n\tcode\n", "\ncrlf\r\n", "nul\x00"} {
			wantDoc := ""
			if p := paragraphs(want, text); p != "" {
				wantDoc = doc(p) + docEnd
			}
			code := g.code().proseAnd(text, c.format, c.args...)
			if got := string(g.comments.Expand(code.text)); got != wantDoc {
				t.Errorf("code.proseAnd(%q, %q, %q) =\n%q\nwant\n%q", text, c.format, c.args, got, wantDoc)
			}
			code.done()
		}
	}
}

// TestPackagesNamedAlike: two IDL packages with the same name are imported under two names, which
// jennifer chooses, and every reference to either is qualified by the name of its own import.
func TestPackagesNamedAlike(t *testing.T) {
	tree := &model.Tree{Name: "acme", Path: "example.com/acme/idl"}
	pkg := func(dir, name string, f *model.File) *model.Package {
		p := &model.Package{Dir: dir, Name: name, Path: tree.Path + "/" + dir, Tree: tree, Files: []*model.File{f}}
		f.Package = p
		tree.Packages = append(tree.Packages, p)
		return p
	}
	structIn := func(dir, name string) *model.Struct {
		s := &model.Struct{Decl: model.Decl{Name: name}}
		s.File = &model.File{Path: dir + "/types.go", Structs: []*model.Struct{s}}
		pkg(dir, "util", s.File)
		return s
	}
	a, b := structIn("a/util", "A"), structIn("b/util", "B")
	prop := func(name string, s *model.Struct) *model.Property {
		return &model.Property{GoName: name, Name: strings.ToLower(name), Type: &model.Type{Kind: model.StructRef, Struct: s}}
	}
	user := resourceDecl("User", prop("First", a), prop("Second", b), prop("Third", a), prop("Fourth", b))
	root := &model.File{Path: "user.go", Resources: []*model.Resource{user}}
	user.File = root
	pkg("", "acme", root)
	files, err := New(Options{ImportPath: "example.com/acme/out"}).Generate(tree)
	if err != nil {
		t.Fatal(err)
	}
	var src []byte
	for _, f := range files {
		if f.Path == "user_stub.go" {
			src = f.Content
		}
	}
	f, err := parser.ParseFile(token.NewFileSet(), "user_stub.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	imported := map[string]string{} // import name → path
	for _, im := range f.Imports {
		path, _ := strconv.Unquote(im.Path.Value)
		name := path[strings.LastIndex(path, "/")+1:]
		if im.Name != nil {
			name = im.Name.Name
		}
		imported[name] = path
	}
	want := map[string]string{"A": "example.com/acme/out/a/util", "UnmarshalA": "example.com/acme/out/a/util",
		"MarshalA": "example.com/acme/out/a/util", "B": "example.com/acme/out/b/util",
		"UnmarshalB": "example.com/acme/out/b/util", "MarshalB": "example.com/acme/out/b/util"}
	seen := 0
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		x, ok := sel.X.(*ast.Ident)
		if path, known := want[sel.Sel.Name]; ok && known {
			seen++
			if imported[x.Name] != path {
				t.Errorf("%s.%s refers to %q, want %s", x.Name, sel.Sel.Name, imported[x.Name], path)
			}
		}
		return true
	})
	if seen < 12 {
		t.Errorf("found %d references to the two packages, want 12:\n%s", seen, src)
	}
}
