package typescript

import (
	"bytes"
	"go/token"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/idl/model"
)

// testPackage returns a package "p" with one module per dir, each holding the files given for it.
func testPackage(files map[string][]*model.File) *model.Tree {
	tree := &model.Tree{Name: "p", Path: "example.com/p"}
	for _, dir := range []string{"", "a", "b"} {
		fs, ok := files[dir]
		if !ok {
			continue
		}
		pkg := &model.Package{Dir: dir, Name: "m", Tree: tree, Files: fs}
		for _, f := range fs {
			f.Package = pkg
			f.Module = strings.TrimSuffix(f.Path, ".go")
		}
		tree.Packages = append(tree.Packages, pkg)
	}
	return tree
}

func pos(file string, line int) token.Position {
	return token.Position{Filename: file, Line: line, Column: 6}
}

// TestGenerateRejectsNameClashes: two names the author wrote that one namespace of the package would
// export alike stay an error.
func TestGenerateRejectsNameClashes(t *testing.T) {
	rule := &model.File{Path: "a/rule.go"}
	rule.Structs = []*model.Struct{{Decl: model.Decl{Name: "Rule", Pos: pos("idl/a/rule.go", 3), File: rule}}}
	root := &model.File{Path: "types.go"}
	root.Aliases = []*model.Alias{{Decl: model.Decl{Name: "a", Pos: pos("idl/types.go", 7), File: root}, Type: &model.Type{Kind: model.String}}}
	_, err := Backend{}.Generate(testPackage(map[string][]*model.File{"": {root}, "a": {rule}}))
	want := "idl/types.go:7:6: a: the TypeScript name a of type a is also the name of the namespace of directory a/; rename one of them"
	if err == nil || err.Error() != want {
		t.Errorf("Generate = %v, want %s", err, want)
	}
}

// TestFunctionNameClash: a function's call name is a name the author wrote, so one that a directory's
// namespace takes is an error too.
func TestFunctionNameClash(t *testing.T) {
	root := &model.File{Path: "types.go"}
	fn := &model.Function{Decl: model.Decl{Name: "A", Pos: pos("idl/types.go", 4), File: root}, CallName: "a"}
	fn.Properties = []*model.Property{{Name: "x", Out: true, Type: &model.Type{Kind: model.String}}}
	root.Functions = []*model.Function{fn}
	rule := &model.File{Path: "a/rule.go"}
	rule.Structs = []*model.Struct{{Decl: model.Decl{Name: "Rule", Pos: pos("idl/a/rule.go", 3), File: rule}}}
	_, err := Backend{}.Generate(testPackage(map[string][]*model.File{"": {root}, "a": {rule}}))
	want := "idl/types.go:4:6: A: the TypeScript name a of function a is also the name of the namespace of directory a/; rename one of them"
	if err == nil || err.Error() != want {
		t.Errorf("Generate = %v, want %s", err, want)
	}
}

// TestDeclarationNameClash: a function whose call name is another declaration's name, in another file of
// the package, is an error that names where the other declaration is.
func TestDeclarationNameClash(t *testing.T) {
	types := &model.File{Path: "types.go"}
	types.Aliases = []*model.Alias{{Decl: model.Decl{Name: "b", Pos: pos("idl/types.go", 3), File: types}, Type: &model.Type{Kind: model.String}}}
	calls := &model.File{Path: "calls.go"}
	fn := &model.Function{Decl: model.Decl{Name: "B", Pos: pos("idl/calls.go", 4), File: calls}, CallName: "b"}
	fn.Properties = []*model.Property{{Name: "x", Out: true, Type: &model.Type{Kind: model.String}}}
	calls.Functions = []*model.Function{fn}
	_, err := Backend{}.Generate(testPackage(map[string][]*model.File{"": {types, calls}}))
	want := "idl/calls.go:4:6: B: the TypeScript name b of function b is also the name of type b (types.go:3); rename one of them"
	if err == nil || err.Error() != want {
		t.Errorf("Generate = %v, want %s", err, want)
	}
}

// TestFunctionNamedPulumi: a function programs would call pulumi would hide the import of @pulumi/pulumi.
func TestFunctionNamedPulumi(t *testing.T) {
	root := &model.File{Path: "types.go"}
	fn := &model.Function{Decl: model.Decl{Name: "Pulumi", Pos: pos("idl/types.go", 4), File: root}, CallName: "pulumi"}
	fn.Properties = []*model.Property{{Name: "x", Out: true, Type: &model.Type{Kind: model.String}}}
	root.Functions = []*model.Function{fn}
	_, err := Backend{}.Generate(testPackage(map[string][]*model.File{"": {root}}))
	want := "idl/types.go:4:6: Pulumi: programs would call it pulumi, the name under which every file of the TypeScript package imports @pulumi/pulumi; rename it"
	if err == nil || err.Error() != want {
		t.Errorf("Generate = %v, want %s", err, want)
	}
}

// TestTwinsGiveWay: a twin the package makes up (XArgs, XState) whose name the author took gets its
// declaration's kind inserted, in every file that names it; the author's declarations keep their names.
func TestTwinsGiveWay(t *testing.T) {
	rule := &model.File{Path: "a/rule.go"}
	rule.Structs = []*model.Struct{{Decl: model.Decl{Name: "Rule", Pos: pos("idl/a/rule.go", 3), File: rule}}}
	rule.Resources = []*model.Resource{{Decl: model.Decl{Name: "Milestone", Pos: pos("idl/a/rule.go", 9), File: rule}}}
	rule.Resources[0].Properties = []*model.Property{{Name: "rule", Type: &model.Type{Kind: model.StructRef, Struct: rule.Structs[0]}}}
	args := &model.File{Path: "a/args.go"}
	args.Structs = []*model.Struct{{Decl: model.Decl{Name: "RuleArgs", Pos: pos("idl/a/args.go", 5), File: args}}}
	args.Enums = []*model.Enum{{Decl: model.Decl{Name: "MilestoneState", Pos: pos("idl/a/args.go", 9), File: args},
		Values: []*model.EnumValue{{Name: "Open", Value: "open"}}}}
	files, err := Backend{}.Generate(testPackage(map[string][]*model.File{"a": {args, rule}}))
	if err != nil {
		t.Fatal(err)
	}
	var ruleTS, argsTS string
	for _, f := range files {
		switch f.Path {
		case "a/rule.ts":
			ruleTS = string(f.Content)
		case "a/args.ts":
			argsTS = string(f.Content)
		}
	}
	for _, want := range []string{
		"export interface Rule {", "export interface RuleTypeArgs {", "rule: pulumi.Input<RuleTypeArgs>;",
		"export interface MilestoneArgs {", "export interface MilestoneResourceState {", "state?: MilestoneResourceState",
	} {
		if !strings.Contains(ruleTS, want) {
			t.Errorf("a/rule.ts lacks %q:\n%s", want, ruleTS)
		}
	}
	for _, want := range []string{"export interface RuleArgs {", "export interface RuleArgsArgs {", `export type MilestoneState = "open";`} {
		if !strings.Contains(argsTS, want) {
			t.Errorf("a/args.ts lacks %q:\n%s", want, argsTS)
		}
	}
}

func TestGenerateRejectsInvalidUTF8(t *testing.T) {
	f := &model.File{Path: "consts.go"}
	f.Consts = []*model.Const{{
		Decl:  model.Decl{Name: "Bad", Pos: pos("idl/consts.go", 2), File: f},
		Type:  &model.Type{Kind: model.String},
		Value: "\xff",
	}}
	_, err := Backend{}.Generate(testPackage(map[string][]*model.File{"": {f}}))
	want := "idl/consts.go:2:6: Bad: the value is not valid UTF-8, which a TypeScript string cannot hold"
	if err == nil || err.Error() != want {
		t.Errorf("error = %v, want %s", err, want)
	}
}

func TestGenerateIsDeterministic(t *testing.T) {
	build := func() *model.Tree {
		f := &model.File{Path: "a/x.go"}
		r := &model.Resource{Decl: model.Decl{Name: "X", Token: "p:a/x:X", File: f}}
		f.Resources = []*model.Resource{r}
		r.Properties = []*model.Property{
			{Name: "self", Type: &model.Type{Kind: model.Capability, Ref: r.Token, Resource: r}, Optional: true},
		}
		return testPackage(map[string][]*model.File{"a": {f}, "b": {}})
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
