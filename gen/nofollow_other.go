//go:build !unix

package gen

import (
	"io/fs"
	"os"
)

// openNoFollow opens name for reading unless it is a symbolic link. Without O_NOFOLLOW that takes an
// Lstat first.
func openNoFollow(name string) (*os.File, error) {
	fi, err := os.Lstat(name)
	if err != nil {
		return nil, err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		return nil, errSymlink
	}
	return os.Open(name)
}
