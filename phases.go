package cidlc

import (
	"fmt"
	"strings"
	"time"
)

// A Phase is one step of a run and how long it took.
type Phase struct {
	Name string // load, up to date, model, generate, write, check, validate
	Time time.Duration
}

// Phases are the steps of a run in order, for -v: users see where the time of a slow go:generate goes,
// and the benchmarks (bench/cmd/cidlcbench) read the same breakdown from String.
type Phases []Phase

// String returns "load 310ms, model 12ms, generate 40ms, write 3ms, total 365ms".
func (p Phases) String() string {
	var b strings.Builder
	var total time.Duration
	for _, ph := range p {
		fmt.Fprintf(&b, "%s %s, ", ph.Name, ph.Time.Round(time.Millisecond))
		total += ph.Time
	}
	fmt.Fprintf(&b, "total %s", total.Round(time.Millisecond))
	return b.String()
}

// stopwatch records the phases of a run into phases.
type stopwatch struct {
	phases *Phases
	last   time.Time
}

func startStopwatch(phases *Phases) stopwatch { return stopwatch{phases: phases, last: time.Now()} }

// lap ends the current phase under name.
func (s *stopwatch) lap(name string) {
	now := time.Now()
	*s.phases = append(*s.phases, Phase{Name: name, Time: now.Sub(s.last)})
	s.last = now
}
