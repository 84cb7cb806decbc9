package previous

import "testing"

// TestGeneratedName: the --name of the root package's go:generate directives that run cidlc, in the
// spellings a directive takes; unknown without one, or when two disagree.
func TestGeneratedName(t *testing.T) {
	for _, tc := range []struct {
		files map[string]string
		name  string
		known bool
	}{
		{map[string]string{"doc.go": "//go:generate go tool cidlc . --name=aws --out-pack=../pack\npackage x"}, "aws", true},
		{map[string]string{"doc.go": "//go:generate go run github.com/cidlc/cidlc/cmd/cidlc . --name aws\npackage x"}, "aws", true},
		{map[string]string{"doc.go": "//go:generate go run github.com/cidlc/cidlc/cmd/cidlc@v1.2.0 . -name=\"aws\"\npackage x"}, "aws", true},
		{map[string]string{"doc.go": "//go:generate cidlc . --out-pack=../pack\npackage x"}, "", true},
		{map[string]string{"doc.go": "//go:generate stringer -type=T --name=aws\npackage x"}, "", false},
		{map[string]string{"sub/doc.go": "//go:generate cidlc . --name=aws\npackage x"}, "", false},
		{map[string]string{"a.go": "//go:generate cidlc . --name=aws\npackage x", "b.go": "//go:generate cidlc . --name=gcp\npackage x"}, "", false},
		{map[string]string{"a.go": "//go:generate cidlc . --name=aws\npackage x", "b.go": "//go:generate cidlc . --name=aws --check\npackage x"}, "aws", true},
		{map[string]string{"doc.go": "// go:generate cidlc . --name=aws\npackage x"}, "", false},
	} {
		files := map[string][]byte{}
		for name, content := range tc.files {
			files[name] = []byte(content)
		}
		if name, known := generatedName(files); name != tc.name || known != tc.known {
			t.Errorf("%v: got %q, %v; want %q, %v", tc.files, name, known, tc.name, tc.known)
		}
	}
}
