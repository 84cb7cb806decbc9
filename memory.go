package cidlc

import (
	"bufio"
	"bytes"
	"math"
	"os"
	"runtime/debug"
	"strconv"
)

// After the load, a run holds the loaded packages while it builds the model (1.4 times what the load
// holds at its end), then the model while the backends generate. Left to the garbage collector's default
// pace, a heap twice what is live, the model's build alone took 1.8 times the load's memory at 10,000
// resources. boundMemory caps the Go runtime's memory, softly (runtime/debug.SetMemoryLimit: the
// collector runs more often as the cap nears, and never takes more than half the CPU), at what the load
// took plus a quarter, or plus 32 MB for a small IDL, whose collector keeps its default pace. The load
// itself runs at the default pace, like any go/packages program; so does a run that shares its process
// (a library caller's).
const (
	memoryHeadroom    = 0.25
	memoryHeadroomMin = 32 << 20
)

// boundMemory sets the cap from the process's peak resident memory so far, and returns what restores
// the limit it replaced. It does nothing where that peak cannot be read (it is Linux's VmHWM), or when
// a limit is set already (GOMEMLIMIT): the user's limit stands.
func boundMemory() (restore func()) {
	previous := debug.SetMemoryLimit(-1)
	peak := peakRSS()
	if previous != math.MaxInt64 || peak <= 0 {
		return func() {}
	}
	limit := max(int64(float64(peak)*(1+memoryHeadroom)), peak+memoryHeadroomMin)
	debug.SetMemoryLimit(limit)
	return func() { debug.SetMemoryLimit(previous) }
}

// peakRSS returns the process's peak resident set size in bytes, or 0 where it is unknown.
func peakRSS() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if rest, ok := bytes.CutPrefix(sc.Bytes(), []byte("VmHWM:")); ok {
			fields := bytes.Fields(rest)
			if len(fields) == 2 && string(fields[1]) == "kB" {
				kb, err := strconv.ParseInt(string(fields[0]), 10, 64)
				if err == nil {
					return kb << 10
				}
			}
		}
	}
	return 0
}
