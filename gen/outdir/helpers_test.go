package outdir_test

import (
	"bytes"
	"github.com/cidlc/cidlc/gen/outdir"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func check(t testing.TB, results []outdir.Result) (outdir.Report, string) {
	t.Helper()
	var out bytes.Buffer
	r, err := outdir.Check(results, &out)
	if err != nil {
		t.Fatal(err)
	}
	return r, out.String()
}

// snapshot returns every file below dir by slash path, with its content and modification time.
type file struct {
	content string
	mtime   time.Time
}

func snapshot(t testing.TB, dir string) map[string]file {
	t.Helper()
	files := make(map[string]file)
	err := filepath.WalkDir(dir, func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := os.Lstat(name)
		if err != nil {
			return err
		}
		content, _ := os.ReadFile(name)
		rel, _ := filepath.Rel(dir, name)
		files[filepath.ToSlash(rel)] = file{string(content), info.ModTime()}
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return files
}

// contents returns the contents of a snapshot, without times.
func contents(s map[string]file) map[string]string {
	m := make(map[string]string, len(s))
	for k, v := range s {
		m[k] = v.content
	}
	return m
}

// expected returns the tree a Write of results gives in an empty directory.
func expected(t testing.TB, results []outdir.Result) map[string]string {
	t.Helper()
	m := make(map[string]string)
	for _, r := range results {
		for _, f := range r.Files {
			m[filepath.ToSlash(filepath.Join(r.Dir, f.Path))] = string(f.Content)
		}
		m[filepath.ToSlash(filepath.Join(r.Dir, outdir.ManifestName))] = "" // compared by key only, see sameFiles
	}
	return m
}

// sameFiles fails unless got holds exactly the paths of want with the same contents, the manifests
// compared by path only.
func sameFiles(t testing.TB, got, want map[string]string) {
	t.Helper()
	for _, p := range sortedKeys(want) {
		g, ok := got[p]
		switch {
		case !ok:
			t.Errorf("%s: missing", p)
		case g != want[p] && !strings.HasSuffix(p, outdir.ManifestName):
			t.Errorf("%s: got\n%s\nwant\n%s", p, g, want[p])
		}
	}
	for _, p := range sortedKeys(got) {
		if _, ok := want[p]; !ok {
			t.Errorf("%s: should not exist", p)
		}
	}
}

// age sets the modification time of every file below dir an hour back, so that a rewrite shows.
func age(t testing.TB, dir string) {
	t.Helper()
	old := time.Now().Add(-time.Hour)
	for p := range snapshot(t, dir) {
		if err := os.Chtimes(filepath.Join(dir, p), old, old); err != nil {
			t.Fatal(err)
		}
	}
}

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }
