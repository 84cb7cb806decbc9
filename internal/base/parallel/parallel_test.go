package parallel

import (
	"runtime"
	"sync/atomic"
	"testing"
)

// TestFor checks that every index is called exactly once, on one core and on several, for no item, one
// and many.
func TestFor(t *testing.T) {
	for _, procs := range []int{1, 4} {
		old := runtime.GOMAXPROCS(procs)
		for _, n := range []int{0, 1, 3, 1000} {
			calls := make([]atomic.Int32, n)
			For(n, func(i int) { calls[i].Add(1) })
			for i := range calls {
				if c := calls[i].Load(); c != 1 {
					t.Errorf("GOMAXPROCS=%d, n=%d: index %d called %d times, want 1", procs, n, i, c)
				}
			}
		}
		runtime.GOMAXPROCS(old)
	}
}
