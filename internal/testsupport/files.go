package testsupport

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// WriteFile writes content to the file name, creating its directory; it fails the test on an error.
func WriteFile(t testing.TB, name, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(content), 0o666); err != nil {
		t.Fatal(err)
	}
}

// WriteTree writes files, by slash path relative to dir, below dir.
func WriteTree(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		WriteFile(t, filepath.Join(dir, filepath.FromSlash(name)), content)
	}
}

// ReadFile returns the content of the file name; it fails the test on an error.
func ReadFile(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// CopyFile copies the file src to dst, creating dst's directory; it fails the test on an error.
func CopyFile(t testing.TB, src, dst string) {
	t.Helper()
	WriteFile(t, dst, ReadFile(t, src))
}

// Exists reports whether a file, directory or link is at name.
func Exists(name string) bool {
	_, err := os.Lstat(name)
	return err == nil
}

// InTempDir makes a new empty directory the working directory for the rest of the test, as a project's
// directory is cidlc's, and returns it.
func InTempDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Chdir(dir)
	return dir
}

// TreeState describes every file below dir, hidden ones included (a repository's .git: its index, HEAD,
// refs and objects), by path, size, modification time and content, so that a test can prove that a
// command left a directory exactly as it was: compare the states before and after.
func TreeState(t testing.TB, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		content, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, name)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s %d %s %x\n", filepath.ToSlash(rel), info.Size(), info.ModTime().UTC().Format(time.RFC3339Nano), content)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}
