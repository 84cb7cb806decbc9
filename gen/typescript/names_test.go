package typescript

import (
	"bytes"
	"go/token"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/idl/schema"
)

// testPackage returns a package "p" with one module per dir, each holding the files given for it.
func testPackage(files map[string][]*schema.File) *schema.Package {
	pkg := &schema.Package{Name: "p", Path: "example.com/p"}
	for _, dir := range []string{"", "a", "b"} {
		fs, ok := files[dir]
		if !ok {
			continue
		}
		m := &schema.Module{Dir: dir, Name: "m", Package: pkg, Files: fs}
		for _, f := range fs {
			f.Owner = m
			f.ModuleToken = strings.TrimSuffix(f.Path, ".go")
		}
		pkg.Modules = append(pkg.Modules, m)
	}
	return pkg
}

func pos(file string, line int) token.Position {
	return token.Position{Filename: file, Line: line, Column: 6}
}

func TestGenerateRejectsNameClashes(t *testing.T) {
	rule := &schema.File{Path: "a/rule.go"}
	rule.Structs = []*schema.Struct{{Decl: schema.Decl{Name: "Rule", Pos: pos("idl/a/rule.go", 3), File: rule}}}
	args := &schema.File{Path: "a/args.go"}
	args.Structs = []*schema.Struct{{Decl: schema.Decl{Name: "RuleArgs", Pos: pos("idl/a/args.go", 5), File: args}}}
	root := &schema.File{Path: "types.go"}
	root.Aliases = []*schema.Alias{{Decl: schema.Decl{Name: "a", Pos: pos("idl/types.go", 7), File: root}, Type: &schema.Type{Kind: schema.String}}}
	_, err := Backend{}.Generate(testPackage(map[string][]*schema.File{"": {root}, "a": {args, rule}}))
	if err == nil {
		t.Fatal("no error for names that clash")
	}
	for _, want := range []string{
		"idl/a/rule.go:3:6: Rule: the TypeScript name RuleArgs of the input shape of struct Rule is also the name of struct RuleArgs (args.go:5); rename one of them",
		"idl/types.go:7:6: a: the TypeScript name a of type a is also the name of the namespace of directory a/; rename one of them",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q\ndoes not contain %q", err, want)
		}
	}
}

func TestGenerateRejectsInvalidUTF8(t *testing.T) {
	f := &schema.File{Path: "consts.go"}
	f.Consts = []*schema.Const{{
		Decl:  schema.Decl{Name: "Bad", Pos: pos("idl/consts.go", 2), File: f},
		Type:  &schema.Type{Kind: schema.String},
		Value: "\xff",
	}}
	_, err := Backend{}.Generate(testPackage(map[string][]*schema.File{"": {f}}))
	want := "idl/consts.go:2:6: Bad: the value is not valid UTF-8, which a TypeScript string cannot hold"
	if err == nil || err.Error() != want {
		t.Errorf("error = %v, want %s", err, want)
	}
}

func TestGenerateIsDeterministic(t *testing.T) {
	build := func() *schema.Package {
		f := &schema.File{Path: "a/x.go"}
		r := &schema.Resource{Decl: schema.Decl{Name: "X", Token: "p:a/x:X", File: f}}
		f.Resources = []*schema.Resource{r}
		r.Properties = []*schema.Property{
			{Name: "self", Type: &schema.Type{Kind: schema.Capability, Ref: r.Token, Resource: r}, Optional: true},
		}
		return testPackage(map[string][]*schema.File{"a": {f}, "b": {}})
	}
	first, err := Backend{}.Generate(build())
	if err != nil {
		t.Fatal(err)
	}
	second, err := Backend{}.Generate(build())
	if err != nil {
		t.Fatal(err)
	}
	if len(first) != len(second) {
		t.Fatalf("%d files, then %d", len(first), len(second))
	}
	for i := range first {
		if first[i].Path != second[i].Path || !bytes.Equal(first[i].Content, second[i].Content) {
			t.Errorf("%s differs between two runs", first[i].Path)
		}
	}
	// The root has no file, b/ has no declaration: their barrels still make modules.
	for _, f := range first {
		if f.Path == "b/index.ts" && !bytes.HasSuffix(f.Content, []byte("\nexport {};\n")) {
			t.Errorf("b/index.ts:\n%s", f.Content)
		}
	}
}
