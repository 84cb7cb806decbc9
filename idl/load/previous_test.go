package load

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// examplesPrevious loads examples/idl and returns it with its files, read from disk, for Previous.
func examplesPrevious(t *testing.T) (*Loaded, map[string][]byte) {
	t.Helper()
	l, err := LoadPackages(Config{Dir: "../../examples/idl"})
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	err = filepath.WalkDir("../../examples/idl", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		content, err := os.ReadFile(name)
		rel, _ := filepath.Rel("../../examples/idl", name)
		files[filepath.ToSlash(rel)] = content
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return l, files
}

// onDisk names the files of a previous version as the loaded tree's own files.
func onDisk(l *Loaded) func(string) string {
	return func(rel string) string { return filepath.Join(l.root, filepath.FromSlash(rel)) }
}

// modelJSON returns the model of l as JSON.
func modelJSON(t *testing.T, l *Loaded) string {
	t.Helper()
	tree, err := l.Model()
	if err != nil {
		t.Fatal(err)
	}
	out, err := json.MarshalIndent(tree, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// reused returns the directories whose packages Previous took from l, and those it type-checked.
func reused(l, prev *Loaded) (same, checked []string) {
	c := newBuilder(l.fset, l.root, "")
	for _, p := range prev.pkgs {
		if slices.Contains(l.pkgs, p) {
			same = append(same, c.relDir(p))
		} else {
			checked = append(checked, c.relDir(p))
		}
	}
	slices.Sort(same)
	slices.Sort(checked)
	return same, checked
}

// TestPreviousSameFiles: the tree's own files, loaded as a previous version, are the tree's packages
// themselves, and give the same model.
func TestPreviousSameFiles(t *testing.T) {
	l, files := examplesPrevious(t)
	prev, err := l.Previous(Previous{Files: files, Show: onDisk(l)})
	if err != nil {
		t.Fatal(err)
	}
	if same, checked := reused(l, prev); len(checked) > 0 || len(same) != 5 {
		t.Errorf("reused %v, type-checked %v; want every package reused", same, checked)
	}
	if got, want := modelJSON(t, prev), modelJSON(t, l); got != want {
		t.Error("the previous version's model differs from the tree's, from the same files")
	}
}

// TestPreviousChangedPackage: a package whose file differs is parsed and type-checked again, and so is
// every package that imports it; the others are reused; the model built from the fresh type-check is the
// one go/packages gives.
func TestPreviousChangedPackage(t *testing.T) {
	l, files := examplesPrevious(t)
	files["iam/user.go"] = append(slices.Clip(files["iam/user.go"]), "\n// A comment that changes no declaration.\n"...)
	prev, err := l.Previous(Previous{Files: files, Show: onDisk(l)})
	if err != nil {
		t.Fatal(err)
	}
	same, checked := reused(l, prev)
	if want := []string{"compute", "iam"}; !slices.Equal(checked, want) {
		t.Errorf("type-checked %v, want %v (iam changed, compute imports it); reused %v", checked, want, same)
	}
	if got, want := modelJSON(t, prev), modelJSON(t, l); got != want {
		t.Error("the model of the type-checked packages differs from go/packages'")
	}
}

// TestPreviousProblems: problems of the previous version are reported in its own file names, all at once.
func TestPreviousProblems(t *testing.T) {
	l, err := LoadPackages(Config{Dir: "../../examples/idl"})
	if err != nil {
		t.Fatal(err)
	}
	show := func(rel string) string { return "v1.0.0:idl/" + rel }
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"parse error", map[string]string{"a.go": "package acme\n\ntype X struct {\n"},
			"v1.0.0:idl/a.go:3:17: expected ';', found 'EOF'"},
		{"type error", map[string]string{"a.go": "package acme\n\nconst X float64 = \"x\"\n"},
			`v1.0.0:idl/a.go:3:19: cannot use "x" (untyped string constant) as float64 value in constant declaration`},
		{"missing IDL package", map[string]string{"a.go": "package acme\n\nimport \"github.com/cidlc/cidlc/examples/idl/gone\"\n\nconst X = gone.Y\n"},
			"v1.0.0:idl/a.go:3:8: could not import github.com/cidlc/cidlc/examples/idl/gone (no IDL package github.com/cidlc/cidlc/examples/idl/gone in the previous version)"},
		{"import cycle", map[string]string{
			"a/a.go": "package a\n\nimport \"github.com/cidlc/cidlc/examples/idl/b\"\n\nconst X = b.Y\n",
			"b/b.go": "package b\n\nimport \"github.com/cidlc/cidlc/examples/idl/a\"\n\nconst Y = a.X\n"},
			"v1.0.0:idl/b/b.go:3:8: import cycle not allowed: github.com/cidlc/cidlc/examples/idl/b imports github.com/cidlc/cidlc/examples/idl/a"},
		{"IDL problem", map[string]string{"a.go": "package acme\n\n// X is bad.\nvar X = 1\n"},
			"v1.0.0:idl/a.go:4:5: var X: variables are not allowed in the IDL; use a constant"},
		{"no Go files", map[string]string{"README": "nothing\n", "testdata/x.go": "package x\n"},
			"v1.0.0:idl/.: no Go files in the IDL directory or below it"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string][]byte{}
			for name, content := range tc.files {
				files[name] = []byte(content)
			}
			prev, err := l.Previous(Previous{Files: files, Show: show})
			if err == nil {
				_, err = prev.Model()
			}
			var diags Diagnostics
			if !errors.As(err, &diags) {
				t.Fatalf("want diagnostics, got %v", err)
			}
			if got := diags.Error(); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// TestPreviousImportsMore: a package the previous version imports and the tree does not (here the
// standard library's math) is loaded for it.
func TestPreviousImportsMore(t *testing.T) {
	l, files := examplesPrevious(t)
	files["limits.go"] = []byte("package acme\n\nimport \"math\"\n\n// MaxSize is the largest size.\nconst MaxSize = math.MaxInt32\n")
	prev, err := l.Previous(Previous{Files: files, Show: onDisk(l)})
	if err != nil {
		t.Fatal(err)
	}
	if got := modelJSON(t, prev); !strings.Contains(got, `"name": "MaxSize"`) {
		t.Error("the constant that uses package math is not in the model")
	}
}
