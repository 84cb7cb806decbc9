//go:build unix

package gen

import (
	"errors"
	"os"
	"syscall"
)

// openNoFollow opens name for reading unless it is a symbolic link, in the same system call.
func openNoFollow(name string) (*os.File, error) {
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NOFOLLOW, 0)
	// Linux says ELOOP, the BSDs EMLINK.
	if errors.Is(err, syscall.ELOOP) || errors.Is(err, syscall.EMLINK) {
		return nil, errSymlink
	}
	return f, err
}
