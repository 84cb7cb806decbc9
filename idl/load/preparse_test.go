package load

import (
	"crypto/sha256"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestPreparse: the load gets the preparse's syntax tree of a file only when it read the very bytes the
// preparse parsed, and only once; any other file it parses itself. The preparse reaches what ./...
// reaches and nothing else.
func TestPreparse(t *testing.T) {
	root := t.TempDir()
	write := func(rel, src string) string {
		path := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	same := write("a.go", "package p\n\ntype Same struct{}\n")
	changed := write("sub/b.go", "package sub\n\ntype Before struct{}\n")
	for _, rel := range []string{"a_test.go", ".hidden/c.go", "_skip/d.go", "testdata/e.go", "other/go.mod", "other/f.go"} {
		write(rel, "package x\n")
	}

	fset := token.NewFileSet()
	pre := startPreparse(fset, root)
	pre.done.Wait() // every file parsed
	var listed []string
	for name := range pre.files {
		listed = append(listed, name)
	}
	slices.Sort(listed)
	if want := []string{same, changed}; !slices.Equal(listed, want) {
		t.Errorf("preparse lists %v, want %v", listed, want)
	}

	typeName := func(f *ast.File) string { return f.Decls[0].(*ast.GenDecl).Specs[0].(*ast.TypeSpec).Name.Name }
	src, _ := os.ReadFile(same)
	first, err := pre.parse(fset, same, src, sha256.Sum256(src))
	if err != nil || first != pre.files[same].file {
		t.Errorf("same bytes: got %p (%v), want the preparsed tree %p", first, err, pre.files[same].file)
	}
	second, _ := pre.parse(fset, same, src, sha256.Sum256(src))
	if second == first || typeName(second) != "Same" {
		t.Errorf("asked twice: the second parse must be a tree of its own")
	}
	if got := typeName(pre.files[changed].file); got != "Before" {
		t.Fatalf("the preparse parsed type %s, want Before", got)
	}
	after := []byte("package sub\n\ntype After struct{}\n")
	f, _ := pre.parse(fset, changed, after, sha256.Sum256(after))
	if got := typeName(f); got != "After" {
		t.Errorf("bytes changed since the preparse: got type %s, want After", got)
	}
	outside := filepath.Join(root, "other/f.go")
	outsideSrc := []byte("package x\n\ntype Outside struct{}\n")
	if f, _ := pre.parse(fset, outside, outsideSrc, sha256.Sum256(outsideSrc)); typeName(f) != "Outside" {
		t.Errorf("a file the preparse did not list is parsed")
	}
	if f, _ := pre.parse(token.NewFileSet(), same, src, sha256.Sum256(src)); f == pre.files[same].file {
		t.Errorf("a load with another file set got the preparse's tree")
	}
}
