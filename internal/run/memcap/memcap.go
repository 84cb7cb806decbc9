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
// took plus 15 %, or plus 32 MB for a small IDL, whose collector keeps its default pace. The load
// itself runs at the default pace, like any go/packages program; so does a run that shares its process
// (a library caller's). (The cap was the load's peak plus a quarter until the load began to parse while
// the go command lists the packages (idl/load/preparse.go): that builds the syntax trees earlier, and
// the load's peak came out about a tenth higher at 10,000 resources, the cap with it.)
//
// Under the cap, the collector's pace is slowed to gcPercentUnderCap: the cap, not the pace, is what
// bounds the memory now, and at the default pace a cold run of 1,000 resources spent a fifth of its CPU
// collecting garbage that the cap had room for (1.85 s of CPU against 1.48 s at GOGC=400, peak RSS 66 MB
// against 79 MB, the floor's 32 MB; at 10,000 resources the cap holds either pace to the same peak).
//
// The load keeps the default pace, as the floor's does. A slower one trades memory for time, and at
// 10,000 resources the trade does not fit both budgets (session 6, make bench): the load at GOGC=150
// made a fresh run 2.95 times the floor instead of 3.04, for a peak 1.52 times the floor's instead of
// 1.25; at GOGC=200, 2.89 and 1.69.
const (
	memoryHeadroom    = 0.15
	memoryHeadroomMin = 32 << 20
	gcPercentUnderCap = 400
)

// boundMemory sets the cap from the process's peak resident memory so far, and the collector's pace
// under it, and returns what restores the limit and the pace it replaced. It does nothing where that
// peak cannot be read (it is Linux's VmHWM), or when a limit is set already (GOMEMLIMIT): the user's
// limit stands. A pace of the user's (GOGC) stands too.
func boundMemory() (restore func()) {
	previous := debug.SetMemoryLimit(-1)
	peak := peakRSS()
	if previous != math.MaxInt64 || peak <= 0 {
		return func() {}
	}
	limit := max(int64(float64(peak)*(1+memoryHeadroom)), peak+memoryHeadroomMin)
	debug.SetMemoryLimit(limit)
	if _, set := os.LookupEnv("GOGC"); set {
		return func() { debug.SetMemoryLimit(previous) }
	}
	pace := debug.SetGCPercent(gcPercentUnderCap)
	return func() {
		debug.SetGCPercent(pace)
		debug.SetMemoryLimit(previous)
	}
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
