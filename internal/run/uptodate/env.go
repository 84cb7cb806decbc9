package uptodate

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cidlc/cidlc/internal/base/paths"
)

// environment returns the digest of what, besides the files of load.Inputs, decides what a load of the
// IDL directory idl with the package name name reads: the load's options as load.Digest hashes them
// (the root with its links resolved, the name), the environment variables the go command and
// go/packages read (every GO* and CGO_* variable — GOFLAGS and its build tags, GOOS, GOARCH, GOWORK,
// GOTOOLCHAIN, GOPACKAGESDRIVER, GODEBUG … — and CC, CXX, PATH, HOME and XDG_CONFIG_HOME, which decide
// cgo's default and where the go command's own settings are), the go command found on PATH (its path
// and file metadata: another Go release is another file), and the files of settings it reads (its
// GOROOT's go.env and VERSION, the user's go env file). Dependencies in the module cache are immutable
// for a version, and their versions are in the go.mod and go.sum files among the inputs.
//
// ok is false where nothing can be proved: no go command on PATH, or GOFLAGS naming files of its own
// (-overlay, -modfile), whose contents would be inputs too.
func environment(idl, name string) (digest [sha256.Size]byte, ok bool) {
	abs, err := filepath.Abs(idl)
	if err != nil {
		return digest, false
	}
	h := sha256.New()
	fmt.Fprintf(h, "cidlc environment v1\nroot %q\nname %q\n", paths.Real(abs), name)
	var vars []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch {
		case strings.HasPrefix(k, "GO"), strings.HasPrefix(k, "CGO_"),
			k == "CC", k == "CXX", k == "PATH", k == "HOME", k == "XDG_CONFIG_HOME":
			vars = append(vars, kv)
		}
	}
	slices.Sort(vars)
	for _, kv := range vars {
		fmt.Fprintf(h, "env %q\n", kv)
	}
	if flags := os.Getenv("GOFLAGS"); strings.Contains(flags, "-overlay") || strings.Contains(flags, "-modfile") {
		return digest, false
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		return digest, false
	}
	if goTool, err = filepath.EvalSymlinks(goTool); err != nil {
		return digest, false
	}
	fi, err := os.Stat(goTool)
	if err != nil || fileMeta(fi) == "-" {
		return digest, false // without its metadata, another go command at the same path goes unseen
	}
	fmt.Fprintf(h, "go %q %s\n", goTool, fileMeta(fi))
	goroot := os.Getenv("GOROOT")
	if goroot == "" {
		goroot = filepath.Dir(filepath.Dir(goTool)) // GOROOT/bin/go
	}
	settings := []string{filepath.Join(goroot, "go.env"), filepath.Join(goroot, "VERSION")}
	switch env := os.Getenv("GOENV"); env {
	case "off":
	case "":
		if dir, err := os.UserConfigDir(); err == nil {
			settings = append(settings, filepath.Join(dir, "go", "env"))
		}
	default:
		settings = append(settings, env)
	}
	for _, name := range settings {
		fmt.Fprintf(h, "file %q %s\n", name, contentDigest(name))
	}
	h.Sum(digest[:0])
	return digest, true
}

// contentDigest is the SHA-256 of the file name's content, or "absent".
func contentDigest(name string) string {
	f, err := os.Open(name)
	if err != nil {
		return "absent"
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "unreadable"
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}
