package memcap

import (
	"math"
	"os"
	"runtime/debug"
	"testing"
)

// TestSet: the cap is the process's peak so far plus the headroom, and goes when the run ends;
// a limit of the user's stays.
func TestSet(t *testing.T) {
	if peakRSS() == 0 {
		t.Skip("the peak resident memory cannot be read here")
	}
	prev := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(prev)
	if prev != math.MaxInt64 {
		t.Skip("GOMEMLIMIT is set")
	}
	before := peakRSS()
	restore := Set()
	limit, after := debug.SetMemoryLimit(-1), peakRSS()
	least := max(int64(float64(before)*(1+headroom)), before+headroomMin)
	most := max(int64(float64(after)*(1+headroom)), after+headroomMin)
	if limit < least || limit > most {
		t.Errorf("limit %d, want between %d and %d (peak %d to %d)", limit, least, most, before, after)
	}
	if _, set := os.LookupEnv("GOGC"); !set {
		// Under the cap, the collector's pace is slower; restore brings the previous one back.
		pace := debug.SetGCPercent(-1)
		debug.SetGCPercent(pace)
		if pace != gcPercentUnderCap {
			t.Errorf("pace under the cap %d, want %d", pace, gcPercentUnderCap)
		}
	}
	restore()
	if got := debug.SetMemoryLimit(-1); got != prev {
		t.Errorf("after restore: limit %d, want %d", got, prev)
	}
	if _, set := os.LookupEnv("GOGC"); !set {
		if pace := debug.SetGCPercent(-1); pace != 100 {
			t.Errorf("pace after restore %d, want the default 100", pace)
		}
		debug.SetGCPercent(100)
	}

	const users = 1 << 40
	debug.SetMemoryLimit(users)
	restore = Set()
	if got := debug.SetMemoryLimit(-1); got != users {
		t.Errorf("a limit of the user's became %d", got)
	}
	restore()
	if got := debug.SetMemoryLimit(-1); got != users {
		t.Errorf("a limit of the user's, after restore: %d", got)
	}
}
