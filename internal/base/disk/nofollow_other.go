//go:build !unix

package disk

import (
	"io/fs"
	"os"
)

// openNoFollow opens name for reading unless it is a symbolic link or another file that is not regular.
// Without O_NOFOLLOW that takes an Lstat first.
func openNoFollow(name string) (*os.File, error) {
	fi, err := os.Lstat(name)
	if err != nil {
		return nil, err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		return nil, errSymlink
	}
	if !fi.Mode().IsRegular() {
		return nil, notRegular(fi.Mode())
	}
	return os.Open(name)
}

// createFlags create a new file for writing.
const createFlags = os.O_WRONLY | os.O_CREATE | os.O_EXCL
