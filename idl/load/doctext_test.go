package load

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// TestDocText checks that docText reads doc comments as go/ast does, for those it reads itself (line
// comments with a space after the markers) and those it leaves to CommentGroup.Text.
func TestDocText(t *testing.T) {
	src := "package p\n\n" +
		"// One line.\n" + "type A struct{}\n\n" +
		"// Two\n// lines.\n" + "type B struct{}\n\n" +
		"//\n// \n// After blank lines.\n//\n//\n// Between blank lines.\n//   \n" + "type C struct{}\n\n" +
		"// Trailing space and tab. \t\n//    Indented.\n" + "type D struct{}\n\n" +
		"//No space.\n" + "type E struct{}\n\n" +
		"// Beside a directive.\n//cidlc:accept type-changed:x.Y.z why\n" + "type F struct{}\n\n" +
		"/* A block\n   comment. */\n" + "type G struct{}\n\n" +
		"//go:generate cidlc\n" + "type H struct{}\n\n" +
		"// Windows line ends.\r\n// Two of them.\r\n" + "type I struct{}\n\n" +
		"//\n//\n" + "type J struct{}\n\n" +
		"// Ünïcode — and\t a tab.\n" + "type K struct{}\n"
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"A": "One line.", "B": "Two\nlines.", "C": "After blank lines.\n\nBetween blank lines.",
		"D": "Trailing space and tab.\n   Indented.", "E": "No space.", "F": "Beside a directive.",
		"G": " A block\n   comment.", "H": "", "I": "Windows line ends.\nTwo of them.", "J": "",
		"K": "Ünïcode — and\t a tab.",
	}
	for _, d := range f.Decls {
		gd := d.(*ast.GenDecl)
		name := gd.Specs[0].(*ast.TypeSpec).Name.Name
		if got := docText(gd.Doc); got != want[name] {
			t.Errorf("type %s: docText = %q, want %q", name, got, want[name])
		}
		if gd.Doc != nil {
			if got, ast := docText(gd.Doc), strings.TrimRight(gd.Doc.Text(), "\n"); got != ast {
				t.Errorf("type %s: docText = %q, go/ast reads %q", name, got, ast)
			}
		}
	}
}

// FuzzDocText feeds arbitrary groups of line comments (one a line of the input) to docText: it must read
// them as go/ast's CommentGroup.Text does.
func FuzzDocText(f *testing.F) {
	for _, seed := range []string{"One line.", "\n\nA\n\n\nB\n\n", " a \t\n  b\r", "x\n cidlc:accept y", "go:generate x", "", " ", "\t"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		g := &ast.CommentGroup{}
		for line := range strings.SplitSeq(text, "\n") {
			g.List = append(g.List, &ast.Comment{Text: "//" + line})
		}
		if got, want := docText(g), strings.TrimRight(g.Text(), "\n"); got != want {
			t.Fatalf("docText = %q, go/ast reads %q", got, want)
		}
	})
}
