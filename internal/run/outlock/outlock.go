// Package outlock makes cidlc runs on the same output directories take turns.
//
// Two runs on one output directory — two go:generate lines, a build system running targets in parallel,
// an editor regenerating on save — must not interleave: one run's removals would delete what the other
// just wrote, and the directories would end up half one version, half the other, with files no manifest
// lists. And the up-to-date cache (package uptodate) may trust a stamp only if no other run writes the
// outputs between its look at them and the stamp it records. So a run takes the lock of every output
// directory before it looks at any of them, exclusive to write and shared to check (--check), and holds
// it to its end: runs on one directory take turns, and each sees and leaves the outputs whole.
//
// The lock is an advisory flock(2) on the directory itself: nothing to create or clean up, released by
// the system when a run dies. A missing output directory is created to have something to lock (Write
// would create it anyway), but only where Write could create it (outdir.CannotCreate), and removed again
// if the run leaves it empty. Where the system has no such lock (or the file system refuses it), runs go
// ahead unlocked.
//
// A run takes its locks once: Lock is not reentrant, and outdir.Write and outdir.Check take no lock of their
// own. The package never reads or writes a file in an output directory.
package outlock

import (
	"cmp"
	"errors"
	"github.com/cidlc/cidlc/gen/outdir"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// Lock waits for and takes the lock on each output directory of dirs (relative to the working directory
// or absolute), exclusive to write or shared to check, and returns what releases them. Locks are taken
// in the order of the directories' identities, the same in every run, so that two runs never wait for
// each other both; a directory named twice is locked once.
func Lock(dirs []string, exclusive bool) (release func()) {
	return lockDirs(dirs, exclusive).release
}

// locks are the locks a run holds.
type locks struct {
	held []*dirLock
	// created are the directories created to have something to lock, deepest first.
	created []string
}

// lockDirs takes the locks, creating a missing output directory first when exclusive (a shared lock of
// a missing directory has nothing to lock, and nothing to read either).
func lockDirs(outDirs []string, exclusive bool) *locks {
	l := &locks{}
	if !canLock {
		return l
	}
	for attempt := 0; ; attempt++ {
		var dirs []*dirLock
		for _, dir := range outDirs {
			abs, err := filepath.Abs(dir)
			if err != nil {
				continue
			}
			if exclusive {
				l.created = append(l.created, createForLock(dir, abs)...)
			}
			// A directory that is missing or not a directory is left to the writer to report.
			if d, err := openDirLock(abs); err == nil {
				dirs = append(dirs, d)
			}
		}
		slices.SortFunc(dirs, func(a, b *dirLock) int { return cmp.Or(cmp.Compare(a.dev, b.dev), cmp.Compare(a.ino, b.ino)) })
		moved := false
		for i, d := range dirs {
			// A directory named twice is locked through its first descriptor. (slices.CompactFunc would
			// hand its function the later element first, and closing "the duplicate" there closed the one
			// it keeps.)
			if i > 0 && d.dev == dirs[i-1].dev && d.ino == dirs[i-1].ino {
				d.close()
				continue
			}
			if d.lock(exclusive) != nil {
				d.close()
				continue
			}
			l.held = append(l.held, d)
			// The directory may have been removed or replaced while this run waited (the run before
			// removed the output directory it had created, then failed): its lock then guards nothing.
			moved = moved || !d.still()
		}
		if !moved || attempt == 10 {
			return l
		}
		l.unlock()
	}
}

// createForLock creates the missing output directory dir (absolute: abs) and returns the directories
// created, deepest first; none if it exists or cannot be created (the writer says why).
func createForLock(dir, abs string) []string {
	if outdir.CannotCreate(dir) != nil {
		return nil
	}
	var missing []string
	for p := abs; ; p = filepath.Dir(p) {
		if _, err := os.Lstat(p); err == nil {
			break
		} else if !errors.Is(err, fs.ErrNotExist) || filepath.Dir(p) == p {
			return nil
		}
		missing = append(missing, p)
	}
	if len(missing) == 0 || os.MkdirAll(abs, 0o777) != nil {
		return nil
	}
	return missing
}

func (l *locks) unlock() {
	for _, d := range l.held {
		d.close()
	}
	l.held = nil
}

// release releases the locks, and removes the directories created for them if they are still empty: the
// run failed before writing anything (a run that writes always writes a manifest), and leaves nothing
// behind.
func (l *locks) release() {
	l.unlock()
	for _, dir := range l.created {
		if os.Remove(dir) != nil {
			break
		}
	}
	l.created = nil
}
