package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestNames: the names the engine looks for, on every platform (Pulumi's PluginDescriptor.File and
// httpSource.Download).
func TestNames(t *testing.T) {
	for _, tc := range []struct{ goos, goarch, tarball, executable string }{
		{"linux", "amd64", "pulumi-resource-acme-v1.2.0-linux-amd64.tar.gz", "pulumi-resource-acme"},
		{"darwin", "arm64", "pulumi-resource-acme-v1.2.0-darwin-arm64.tar.gz", "pulumi-resource-acme"},
		{"windows", "arm64", "pulumi-resource-acme-v1.2.0-windows-arm64.tar.gz", "pulumi-resource-acme.exe"},
	} {
		if got := tarball("acme", "1.2.0", tc.goos, tc.goarch); got != tc.tarball {
			t.Errorf("tarball on %s/%s: %s, want %s", tc.goos, tc.goarch, got, tc.tarball)
		}
		if got := executable("acme", tc.goos); got != tc.executable {
			t.Errorf("executable on %s: %s, want %s", tc.goos, got, tc.executable)
		}
	}
}

// TestTarball: the archive holds the plugin alone, at its root, executable, and records nothing of the
// machine, so that the same binary always gives the same tarball.
func TestTarball(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, executable("acme", "windows"))
	content := []byte("MZ not really a plugin")
	if err := os.WriteFile(bin, content, 0o600); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "out.tar.gz")
	if err := writeTarball(path, bin); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(path); err != nil {
		t.Fatal(err)
	} else if info.Mode().Perm() != 0o644 {
		t.Errorf("the tarball's mode is %v; want it readable by all", info.Mode())
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(zr)
	hdr, err := tr.Next()
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(tr)
	if err != nil {
		t.Fatal(err)
	}
	if hdr.Name != "pulumi-resource-acme.exe" || hdr.Mode != 0o755 || hdr.Typeflag != tar.TypeReg || !bytes.Equal(got, content) {
		t.Errorf("entry %s, mode %o, type %c, content %q", hdr.Name, hdr.Mode, hdr.Typeflag, got)
	}
	if hdr.Uid != 0 || hdr.Uname != "" || !hdr.ModTime.IsZero() && hdr.ModTime.Unix() != 0 || zr.Header.Name != "" || !zr.Header.ModTime.IsZero() {
		t.Errorf("the archive records the machine: %+v, gzip %+v", hdr, zr.Header)
	}
	if _, err := tr.Next(); err != io.EOF {
		t.Errorf("a second entry: %v", err)
	}
	// Again: the same bytes, and nothing left beside the tarball.
	if err := writeTarball(path, bin); err != nil {
		t.Fatal(err)
	}
	again, _ := os.ReadFile(path)
	if !bytes.Equal(again, data) {
		t.Error("the same binary gave another tarball")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("the directory holds %d files, want the binary and the tarball", len(entries))
	}
}
