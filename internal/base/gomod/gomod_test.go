package gomod

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

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
