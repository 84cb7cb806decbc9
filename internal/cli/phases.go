package cli

import (
	"fmt"
	"strings"
	"time"
)

// phases records how long each step of a run took, for -v: users see where the time of a slow go:generate
// goes, and benchmarks read the same breakdown.
type phases struct {
	last  time.Time
	names []string
	times []time.Duration
}

func newPhases() phases { return phases{last: time.Now()} }

// lap ends the current phase under name.
func (p *phases) lap(name string) {
	now := time.Now()
	p.names = append(p.names, name)
	p.times = append(p.times, now.Sub(p.last))
	p.last = now
}

func (p phases) String() string {
	var b strings.Builder
	var total time.Duration
	for i, name := range p.names {
		fmt.Fprintf(&b, "%s %s, ", name, p.times[i].Round(time.Millisecond))
		total += p.times[i]
	}
	fmt.Fprintf(&b, "total %s", total.Round(time.Millisecond))
	return b.String()
}
