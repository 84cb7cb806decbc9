package paths

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRel(t *testing.T) {
	wd := filepath.FromSlash("/home/me/acme")
	for _, c := range []struct{ path, want string }{
		{"/home/me/acme/idl/vpc.go", "idl/vpc.go"},
		{"/home/me/pack/index.ts", "../pack/index.ts"},
		{"idl/vpc.go", "idl/vpc.go"}, // relative already: as given
		{"", ""},
	} {
		if got := Rel(wd, filepath.FromSlash(c.path)); got != filepath.FromSlash(c.want) {
			t.Errorf("Rel(%s, %s) = %s, want %s", wd, c.path, got, c.want)
		}
	}
	if got := Rel("", "/x/y"); got != "/x/y" {
		t.Errorf("Rel without a working directory = %s", got)
	}
}

func TestReal(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	real := filepath.Join(dir, "real")
	if err := os.Mkdir(real, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real", filepath.Join(dir, "link")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	for _, c := range []struct{ path, want string }{
		{filepath.Join(dir, "link"), real},
		{filepath.Join(dir, "link", "not", "yet"), filepath.Join(real, "not", "yet")}, // the part that exists
		{filepath.Join(dir, "missing", "pack"), filepath.Join(dir, "missing", "pack")},
	} {
		if got := Real(c.path); got != c.want {
			t.Errorf("Real(%s) = %s, want %s", c.path, got, c.want)
		}
	}
}
