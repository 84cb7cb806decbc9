// Package parallel runs independent pieces of work on one goroutine per core: the stubs of each IDL
// package, the TypeScript modules, the files a stamp verifies, the files and packages of a previous
// version of the IDL. It decides nothing about order: callers that need a deterministic outcome index
// their results by i.
package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// For calls f(0), …, f(n-1), each once, on up to GOMAXPROCS goroutines, and returns when every call has
// returned. Indexes are handed out one at a time (an atomic counter, no channel), so that a few large
// items do not leave a core idle while another works through a chunk of them. With one core or one item
// it calls f on the caller's goroutine.
func For(n int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				f(i)
			}
		})
	}
	wg.Wait()
}
