package load_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/internal/testsupport"
)

// The digest of the sources keys the up-to-date cache (internal/run/uptodate): equal digests must mean equal
// models. So every change that can change the model must change the digest.
func TestDigest(t *testing.T) {
	base := map[string]string{
		"go.mod":     "module example.com/d\n\ngo 1.26\n",
		"idl/a.go":   "// Package d is a test.\npackage d\n\n// ARN is an ARN.\ntype ARN string\n",
		"idl/b.go":   "package d\n\n// Size is a size.\ntype Size float64\n",
		"idl/x/x.go": "package x\n\n// Tag is a tag.\ntype Tag string\n",
	}
	// Every variant is written in the same place: the root's path is part of the digest.
	dir := t.TempDir()
	digest := func(t *testing.T, files map[string]string, name string, drop ...string) []byte {
		t.Helper()
		if err := os.RemoveAll(filepath.Join(dir, "idl")); err != nil {
			t.Fatal(err)
		}
		testsupport.WriteTree(t, dir, files)
		for _, d := range drop {
			os.Remove(filepath.Join(dir, d))
		}
		l, err := load.LoadPackages(load.Config{Dir: filepath.Join(dir, "idl"), WorkDir: dir, Name: name})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := l.Model(); err != nil {
			t.Fatal(err)
		}
		d := l.Digest()
		if len(d) == 0 {
			t.Fatal("no digest")
		}
		return d
	}
	with := func(path, content string) map[string]string {
		m := make(map[string]string, len(base)+1)
		for k, v := range base {
			m[k] = v
		}
		m[path] = content
		return m
	}
	ref := digest(t, base, "")
	if !bytes.Equal(digest(t, base, ""), ref) {
		t.Fatal("two loads of the same tree: different digests")
	}
	for name, d := range map[string][]byte{
		"a doc comment":                  digest(t, with("idl/a.go", "// Package d is a test.\npackage d\n\n// ARN is an Amazon ARN.\ntype ARN string\n"), ""),
		"a file in a sub-package":        digest(t, with("idl/x/x.go", "package x\n\n// Tag is a label.\ntype Tag string\n"), ""),
		"a new file":                     digest(t, with("idl/c.go", "package d\n\n// Name is a name.\ntype Name string\n"), ""),
		"a removed file":                 digest(t, base, "", "idl/b.go"),
		"a file excluded by a build tag": digest(t, with("idl/b.go", "//go:build never\n\npackage d\n\n// Size is a size.\ntype Size float64\n"), ""),
		"the module path":                digest(t, with("go.mod", "module example.com/e\n\ngo 1.26\n"), ""),
		"the go.mod":                     digest(t, with("go.mod", "module example.com/d\n\ngo 1.25\n"), ""),
		"--name":                         digest(t, base, "other"),
	} {
		if bytes.Equal(d, ref) {
			t.Errorf("%s changed, the digest did not", name)
		}
	}
}
