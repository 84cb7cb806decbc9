//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package outlock

import "errors"

// No flock(2) here: runs go unlocked.
const canLock = false

type dirLock struct{ dev, ino uint64 }

func openDirLock(string) (*dirLock, error) { return nil, errors.ErrUnsupported }
func (*dirLock) lock(bool) error           { return errors.ErrUnsupported }
func (*dirLock) still() bool               { return true }
func (*dirLock) close()                    {}
