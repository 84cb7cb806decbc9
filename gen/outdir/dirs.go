package outdir

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// dirState is what a directory inside an output directory is, as far as writing into it goes.
type dirState int

const (
	dirMissing dirState = iota // does not exist yet: Write creates it
	dirPresent                 // a real directory
	dirLink                    // a symbolic link to a directory inside the output directory
)

// outDir answers, for the directories of one output directory, whether they exist and whether a write
// into them stays inside the output directory. Each directory is looked at once, however many files it
// holds: one Lstat per directory, not per file.
type outDir struct {
	root     string // absolute, as given
	realRoot string // root with symbolic links resolved, or root if it does not exist
	dirs     map[string]dirEntry
}

type dirEntry struct {
	state dirState
	// problem says why nothing may be written into the directory, or is nil.
	problem error
	// protected is set when changing what the directory holds would change a write-protected directory:
	// this one, or for a missing one the directory it would be created in. It holds that directory's path
	// relative to the output directory ("." for the output directory itself).
	protected string
}

// writeProtected reports whether mode grants no write permission at all (chmod a-w): the user's way of
// saying that a file or directory is not to change, which cidlc respects even where the system would let
// it (root, or a rename over a read-only file).
func writeProtected(mode fs.FileMode) bool { return mode.Perm()&0o222 == 0 }

// protectedIf returns rel as dirEntry.protected if mode is write-protected.
func protectedIf(mode fs.FileMode, rel string) string {
	if !writeProtected(mode) {
		return ""
	}
	if rel == "" {
		return "."
	}
	return rel
}

// errBlocked is the problem of a directory inside a directory that has a problem of its own: only the
// outer one is worth reporting.
var errBlocked = errors.New("blocked")

func newOutDir(dir string) (*outDir, error) {
	root, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	o := &outDir{root: root, realRoot: root, dirs: make(map[string]dirEntry)}
	// The output directory itself may be a symbolic link: that is the user's choice, not a backend's.
	fi, err := os.Stat(root)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		o.dirs[""] = dirEntry{state: dirMissing, problem: cannotCreate(dir, root)}
	case err != nil:
		o.dirs[""] = dirEntry{problem: plainError(err)}
	case !fi.IsDir():
		o.dirs[""] = dirEntry{problem: errors.New("is not a directory")}
	default:
		if o.realRoot, err = filepath.EvalSymlinks(root); err != nil {
			return nil, err
		}
		o.dirs[""] = dirEntry{state: dirPresent, protected: protectedIf(fi.Mode(), "")}
	}
	return o, nil
}

// CannotCreate says why Write could not create the missing output directory dir (relative to the working
// directory or absolute), or returns nil; see cannotCreate. Whatever prepares an output directory for
// Write (package outlock, which creates it to lock it) asks first, so as not to create what Write would
// refuse.
func CannotCreate(dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	return cannotCreate(dir, abs)
}

// cannotCreate says why the missing output directory dir (absolute: root) cannot be created, or returns
// nil: it is, or lies below, a symbolic link that leads nowhere (Write would fail to create it half-way
// through a run), or it would be created in a write-protected directory.
func cannotCreate(dir, root string) error {
	for p := root; ; {
		fi, err := os.Lstat(p)
		if err == nil {
			if fi.Mode()&fs.ModeSymlink == 0 {
				if fi.IsDir() && writeProtected(fi.Mode()) {
					rel, _ := filepath.Rel(root, p)
					return fmt.Errorf("cannot be created: %s is a write-protected directory", filepath.ToSlash(filepath.Join(dir, rel)))
				}
				return nil
			}
			if _, err := os.Stat(p); err == nil {
				return nil
			}
			if p == root {
				return errors.New("is a symbolic link that leads nowhere")
			}
			rel, _ := filepath.Rel(root, p)
			return fmt.Errorf("cannot be created: %s is a symbolic link that leads nowhere", filepath.ToSlash(filepath.Join(dir, rel)))
		}
		parent := filepath.Dir(p)
		if parent == p {
			return nil
		}
		p = parent
	}
}

// abs returns the absolute path of rel, a slash path relative to the output directory.
func (o *outDir) abs(rel string) string {
	return filepath.Join(o.root, filepath.FromSlash(rel))
}

// dir looks up the directory rel ("" for the output directory itself).
func (o *outDir) dir(rel string) dirEntry {
	if e, ok := o.dirs[rel]; ok {
		return e
	}
	e := o.lookUp(rel)
	o.dirs[rel] = e
	return e
}

func (o *outDir) lookUp(rel string) dirEntry {
	parent := o.dir(parentDir(rel))
	switch {
	case parent.problem != nil:
		return dirEntry{problem: errBlocked}
	case parent.state == dirMissing:
		return dirEntry{state: dirMissing, protected: parent.protected}
	}
	abs := o.abs(rel)
	fi, err := os.Lstat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return dirEntry{state: dirMissing, protected: parent.protected}
	case err != nil:
		return dirEntry{problem: plainError(err)}
	case fi.IsDir():
		return dirEntry{state: dirPresent, protected: protectedIf(fi.Mode(), rel)}
	case fi.Mode()&fs.ModeSymlink == 0:
		return dirEntry{problem: errors.New("is a file where a directory is generated")}
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return dirEntry{problem: errors.New("is a symbolic link that leads nowhere")}
	}
	if !within(o.realRoot, real) {
		return dirEntry{problem: errors.New("is a symbolic link out of the output directory; cidlc does not write through it")}
	}
	fi, err = os.Stat(real)
	if err != nil || !fi.IsDir() {
		return dirEntry{problem: errors.New("is a symbolic link to a file where a directory is generated")}
	}
	return dirEntry{state: dirLink, protected: protectedIf(fi.Mode(), rel)}
}

// parentDir returns the directory of a slash path relative to the output directory, "" for the top.
func parentDir(rel string) string {
	dir := path.Dir(rel)
	if dir == "." {
		return ""
	}
	return dir
}

// within reports whether the absolute path p is root or inside it.
func within(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// plainError drops the path an *fs.PathError repeats (absolute, and named again by the caller).
func plainError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// errProtectedFile and errProtectedDir say that a change cidlc must make would change a write-protected
// file or directory (see writeProtected).
var (
	errProtectedFile = errors.New("is write-protected; cidlc neither replaces nor deletes it (chmod u+w it to let cidlc update it)")
	errProtectedDir  = errors.New("is a write-protected directory; cidlc does not change what it holds (chmod u+w it to let cidlc update it)")
)
