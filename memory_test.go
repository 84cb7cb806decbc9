package cidlc

import (
	"math"
	"runtime/debug"
	"testing"
)

// TestBoundMemory: the cap is the process's peak so far plus the headroom, and goes when the run ends;
// a limit of the user's stays.
func TestBoundMemory(t *testing.T) {
	if peakRSS() == 0 {
		t.Skip("the peak resident memory cannot be read here")
	}
	prev := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(prev)
	if prev != math.MaxInt64 {
		t.Skip("GOMEMLIMIT is set")
	}
	before := peakRSS()
	restore := boundMemory()
	limit, after := debug.SetMemoryLimit(-1), peakRSS()
	least := max(int64(float64(before)*(1+memoryHeadroom)), before+memoryHeadroomMin)
	most := max(int64(float64(after)*(1+memoryHeadroom)), after+memoryHeadroomMin)
	if limit < least || limit > most {
		t.Errorf("limit %d, want between %d and %d (peak %d to %d)", limit, least, most, before, after)
	}
	restore()
	if got := debug.SetMemoryLimit(-1); got != prev {
		t.Errorf("after restore: limit %d, want %d", got, prev)
	}

	const users = 1 << 40
	debug.SetMemoryLimit(users)
	restore = boundMemory()
	if got := debug.SetMemoryLimit(-1); got != users {
		t.Errorf("a limit of the user's became %d", got)
	}
	restore()
	if got := debug.SetMemoryLimit(-1); got != users {
		t.Errorf("a limit of the user's, after restore: %d", got)
	}
}
