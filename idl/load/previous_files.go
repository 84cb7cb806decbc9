package load

import (
	"bytes"
	"go/build"
	"io"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// previousPackages returns the IDL packages of a tree's files: the directories that `go list ./...`
// would take for packages, with the names of the Go files go/build would compile in each, sorted.
func previousPackages(files map[string][]byte) map[string][]string {
	modules := map[string]bool{} // directories with a go.mod of their own: nested modules
	for name := range files {
		if path.Base(name) == "go.mod" && path.Dir(name) != "." {
			modules[path.Dir(name)] = true
		}
	}
	ctx := build.Default
	ctx.OpenFile = func(name string) (io.ReadCloser, error) {
		content, ok := files[filepath.ToSlash(name)]
		if !ok {
			return nil, fs.ErrNotExist
		}
		return io.NopCloser(bytes.NewReader(content)), nil
	}
	ctx.JoinPath = path.Join
	dirs := map[string][]string{}
	for name := range files {
		dir, base := path.Dir(name), path.Base(name)
		if !strings.HasSuffix(base, ".go") || strings.HasSuffix(base, "_test.go") || skippedDir(dir, modules) {
			continue
		}
		if ok, err := ctx.MatchFile(dir, base); err != nil || !ok {
			continue
		}
		if dir == "." {
			dir = ""
		}
		dirs[dir] = append(dirs[dir], base)
	}
	for _, names := range dirs {
		slices.Sort(names)
	}
	return dirs
}

// skippedDir reports whether `go list ./...` leaves the directory out: testdata, vendor, names starting
// with . or _, or a nested module, at any level below the root.
func skippedDir(dir string, modules map[string]bool) bool {
	if dir == "." {
		return false
	}
	for d := dir; d != "."; d = path.Dir(d) {
		base := path.Base(d)
		if base == "testdata" || base == "vendor" || strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_") || modules[d] {
			return true
		}
	}
	return false
}
