//go:build unix

package disk

import (
	"errors"
	"os"
	"syscall"
)

// openNoFollow opens name for reading unless it is a symbolic link, in the same system call.
//
// O_NONBLOCK makes the open of a FIFO return at once instead of waiting for a writer, which may never
// come (ReadFile then refuses the FIFO as not a regular file). It changes nothing for a regular file, and
// spares the os package the four fcntl calls with which it otherwise tries a new descriptor with the
// poller.
func openNoFollow(name string) (*os.File, error) {
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	// Linux says ELOOP, the BSDs EMLINK.
	if errors.Is(err, syscall.ELOOP) || errors.Is(err, syscall.EMLINK) {
		return nil, errSymlink
	}
	return f, err
}

// createFlags create a new file for writing. O_NONBLOCK changes nothing for a regular file, and spares
// the os package the four fcntl calls with which it otherwise tries the new descriptor with the poller:
// a fresh run at 10,000 resources creates 20,213 files.
const createFlags = os.O_WRONLY | os.O_CREATE | os.O_EXCL | syscall.O_NONBLOCK
