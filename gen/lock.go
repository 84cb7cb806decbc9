package gen

import (
	"cmp"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// Two cidlc runs on one output directory — two go:generate lines, a build system running targets in
// parallel, an editor regenerating on save — must not interleave: one run's removals would delete what the
// other just wrote, and the directories would end up half one version, half the other, with files no
// manifest lists. So Write takes an exclusive lock on every output directory before it reads anything,
// and Check a shared one, and both hold them to the end: runs on one directory take turns, and each sees
// and leaves the outputs whole. The lock is an advisory flock(2) on the directory itself: nothing to create
// or clean up, released by the system when a run dies. Where the system has no such lock (or the file
// system refuses it), runs go ahead unlocked.

// outputLocks are the locks a run holds.
type outputLocks struct {
	held []*dirLock
	// created are the directories created to have something to lock, deepest first.
	created []string
}

// lockOutputs waits for and takes the lock on the output directory of every result, exclusive to write
// (creating a missing output directory first: Write would create it anyway) or shared to check (a missing
// one then has nothing to lock, and nothing to read either). Locks are taken in the order of the
// directories' identities, the same in every run, so that two runs never wait for each other both.
func lockOutputs(results []Result, exclusive bool) *outputLocks {
	l := &outputLocks{}
	if !canLock {
		return l
	}
	for attempt := 0; ; attempt++ {
		var dirs []*dirLock
		for _, r := range results {
			abs, err := filepath.Abs(r.Dir)
			if err != nil {
				continue
			}
			if exclusive {
				l.created = append(l.created, createForLock(r.Dir, abs)...)
			}
			// A directory that is missing or not a directory is left to the planner to report.
			if d, err := openDirLock(abs); err == nil {
				dirs = append(dirs, d)
			}
		}
		slices.SortFunc(dirs, func(a, b *dirLock) int { return cmp.Or(cmp.Compare(a.dev, b.dev), cmp.Compare(a.ino, b.ino)) })
		dirs = slices.CompactFunc(dirs, func(a, b *dirLock) bool {
			if a.dev == b.dev && a.ino == b.ino {
				b.close()
				return true
			}
			return false
		})
		moved := false
		for _, d := range dirs {
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
// created, deepest first; none if it exists or cannot be created (the planner says why).
func createForLock(dir, abs string) []string {
	if cannotCreate(dir, abs) != nil {
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

func (l *outputLocks) unlock() {
	for _, d := range l.held {
		d.close()
	}
	l.held = nil
}

// release releases the locks. When the run failed before writing anything (undo), it also removes the
// directories it created for them, if they are still empty: a failed run leaves nothing behind.
func (l *outputLocks) release(undo bool) {
	l.unlock()
	if undo {
		for _, dir := range l.created {
			if os.Remove(dir) != nil {
				break
			}
		}
	}
}
