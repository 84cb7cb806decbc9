package gen

import (
	"cmp"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
)

// Two cidlc runs on one output directory — two go:generate lines, a build system running targets in
// parallel, an editor regenerating on save — must not interleave: one run's removals would delete what the
// other just wrote, and the directories would end up half one version, half the other, with files no
// manifest lists. So Write takes an exclusive lock on every output directory before it reads anything,
// and Check a shared one, and both hold them to the end: runs on one directory take turns, and each sees
// and leaves the outputs whole. The lock is an advisory flock(2) on the directory itself: nothing to create
// or clean up, released by the system when a run dies. Where the system has no such lock (or the file
// system refuses it), runs go ahead unlocked.

// Lock takes the locks that Write (write) or Check (!write) takes on the output directories of outs, and
// holds them until unlock is called; Write and Check called in between use them instead of taking their
// own. A caller that reads or writes anything about the outputs around Write or Check holds them across all
// of it: the up-to-date cache (Cache) trusts a stamp only if no other run writes the outputs between its
// look at them and the stamp it records.
func Lock(outs []Output, write bool) (unlock func()) {
	results := make([]Result, len(outs))
	for i, out := range outs {
		results[i].Dir = out.Dir
	}
	return lockOutputs(results, write).release
}

// outputLocks are the locks a run holds.
type outputLocks struct {
	held []*dirLock
	// created are the directories created to have something to lock, deepest first.
	created []string
}

// heldHere counts the locks this process holds, by directory identity: a lock taken again on another
// descriptor of the same directory would wait for itself.
var (
	heldMu   sync.Mutex
	heldHere = make(map[[2]uint64]int)
)

// lockOutputs waits for and takes the lock on the output directory of every result, exclusive to write
// (creating a missing output directory first: Write would create it anyway) or shared to check (a missing
// one then has nothing to lock, and nothing to read either), except those this process holds already.
// Locks are taken in the order of the directories' identities, the same in every run, so that two runs
// never wait for each other both.
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
			heldMu.Lock()
			mine := heldHere[d.id()] > 0
			heldMu.Unlock()
			if mine || d.lock(exclusive) != nil {
				d.close()
				continue
			}
			heldMu.Lock()
			heldHere[d.id()]++
			heldMu.Unlock()
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

// id is a locked directory's identity.
func (d *dirLock) id() [2]uint64 { return [2]uint64{d.dev, d.ino} }

func (l *outputLocks) unlock() {
	heldMu.Lock()
	for _, d := range l.held {
		if heldHere[d.id()]--; heldHere[d.id()] == 0 {
			delete(heldHere, d.id())
		}
	}
	heldMu.Unlock()
	for _, d := range l.held {
		d.close()
	}
	l.held = nil
}

// release releases the locks, and removes the directories created for them if they are still empty: the
// run failed before writing anything (a run that writes always writes a manifest), and leaves nothing
// behind.
func (l *outputLocks) release() {
	l.unlock()
	for _, dir := range l.created {
		if os.Remove(dir) != nil {
			break
		}
	}
	l.created = nil
}
