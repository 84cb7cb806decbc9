// Package memcap caps the Go runtime's memory for the rest of a process's run at what the process has
// taken so far plus a headroom, and slows the collector's pace under the cap: the cap, not the pace,
// then bounds the memory, and the collector no longer runs for garbage the cap has room for.
//
// The command sets it once the IDL is loaded (cidlc.Options.BoundMemory): a run then holds the loaded
// packages while it builds the model, then the model while the backends generate, and left to the
// default pace (a heap twice what is live) the model's build alone took nearly twice the load's
// memory. The load itself keeps the default pace, like any go/packages program: a slower one traded
// more memory than the budget allows for little time. The measurements behind the headroom, the pace
// and the moment the cap is set are in BENCHMARKS.md ("The memory cap").
//
// It changes settings of the whole process (runtime/debug), so only a process that runs cidlc alone
// may use it: a program that runs cidlc among other work keeps its own limit and pace. It never
// overrides the user's: a limit set already (GOMEMLIMIT) stands, and so does a pace (GOGC).
package memcap

import (
	"bufio"
	"bytes"
	"math"
	"os"
	"runtime/debug"
	"strconv"
)

// The cap is the peak so far plus headroom, or plus headroomMin for a small IDL, whose collector then
// keeps its default pace; under it, the collector's pace is gcPercentUnderCap.
const (
	headroom          = 0.15
	headroomMin       = 32 << 20
	gcPercentUnderCap = 400
)

// Set caps the memory at the process's peak resident memory so far plus the headroom, softly
// (debug.SetMemoryLimit: the collector runs more often as the cap nears, and never takes more than half
// the CPU), slows the collector's pace under it, and returns what restores the limit and the pace it
// replaced. It does nothing where that peak cannot be read (it is Linux's VmHWM), or when a limit is
// set already.
func Set() (restore func()) {
	previous := debug.SetMemoryLimit(-1)
	peak := peakRSS()
	if previous != math.MaxInt64 || peak <= 0 {
		return func() {}
	}
	limit := max(int64(float64(peak)*(1+headroom)), peak+headroomMin)
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
