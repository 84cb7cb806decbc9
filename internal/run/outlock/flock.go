//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package outlock

import (
	"errors"
	"syscall"
)

const canLock = true

// dirLock is an open directory, for flock(2).
type dirLock struct {
	path     string
	fd       int
	dev, ino uint64
}

func openDirLock(dir string) (*dirLock, error) {
	fd, err := syscall.Open(dir, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		syscall.Close(fd)
		return nil, err
	}
	return &dirLock{path: dir, fd: fd, dev: uint64(st.Dev), ino: uint64(st.Ino)}, nil
}

// lock waits for the lock.
func (d *dirLock) lock(exclusive bool) error {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	for {
		if err := syscall.Flock(d.fd, how); !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}

// still reports whether the directory's path still leads to the directory locked.
func (d *dirLock) still() bool {
	var st syscall.Stat_t
	return syscall.Stat(d.path, &st) == nil && uint64(st.Dev) == d.dev && uint64(st.Ino) == d.ino
}

// close releases the lock, if held.
func (d *dirLock) close() { syscall.Close(d.fd) }
