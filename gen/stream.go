package gen

import (
	"sync"

	"github.com/cidlc/cidlc/idl/model"
)

// StreamOf hands the files of any backend to emit: as a Streamer streams them, or, for another backend,
// once Generate returns them, a few at a time.
func StreamOf(b Backend, tree *model.Tree, emit func(*File)) error {
	if s, ok := b.(Streamer); ok {
		return s.Stream(tree, emit)
	}
	files, err := b.Generate(tree)
	if err != nil {
		return err
	}
	takeAll(files, emit)
	return nil
}

// takeWorkers is how many files of a backend that returns them all at once are handed over at a time:
// a run's emit reads the disk for each file and may write one (see Streamer), so several at once keep
// the disk busy.
const takeWorkers = 4

// takeAll hands files to emit, a few at a time, dropping each from the slice once taken so that the
// memory of what is done can be reclaimed while the rest is still taken.
func takeAll(files []*File, emit func(*File)) {
	var next sync.Mutex
	i := 0
	var wg sync.WaitGroup
	for range min(takeWorkers, len(files)) {
		wg.Go(func() {
			for {
				next.Lock()
				if i == len(files) {
					next.Unlock()
					return
				}
				f := files[i]
				files[i] = nil
				i++
				next.Unlock()
				emit(f)
			}
		})
	}
	wg.Wait()
}
