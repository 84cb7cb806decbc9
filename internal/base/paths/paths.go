// Package paths holds the two ways cidlc looks at a file's path: as a message shows it to the user
// (relative to the working directory) and as the file system identifies it (symbolic links resolved).
// It only computes names: it never changes the disk.
package paths

import (
	"errors"
	"io/fs"
	"path/filepath"
)

// Rel returns path as cidlc's messages show it: relative to the working directory wd when path is
// absolute and that is possible (`idl/ec2/vpc.go`, `../pack/index.ts`), which is what editors and
// terminals open and what `git apply` takes; otherwise path as it is. wd is absolute; "" leaves path
// alone.
func Rel(wd, path string) string {
	if path == "" || !filepath.IsAbs(path) || wd == "" {
		return path
	}
	if rel, err := filepath.Rel(wd, path); err == nil {
		return rel
	}
	return path
}

// RelSlash is Rel with slashes: how reports and diff headers name files, the same on every system.
func RelSlash(wd, path string) string { return filepath.ToSlash(Rel(wd, path)) }

// Real returns the absolute path abs with the symbolic links of the part of it that exists resolved, so
// that two names of one file or directory compare equal, whether or not it exists yet.
func Real(abs string) string {
	rest := ""
	for p := abs; ; {
		real, err := filepath.EvalSymlinks(p)
		if err == nil {
			return filepath.Join(real, rest)
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return abs
		}
		parent := filepath.Dir(p)
		if parent == p {
			return abs
		}
		rest = filepath.Join(filepath.Base(p), rest)
		p = parent
	}
}
