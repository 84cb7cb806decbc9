package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// The budgets, by issue: 9 set the up-to-date runs' (no-op, --check with a stamp) and the codec's; 21
// the cost of --breaking-against; 22 the cold path's (--check without a stamp, a fresh generation),
// their peak memory, how generation scales with cores, a no-op below the floor, and the start of a
// program that uses the generated package (programstart.go); 29 that package layout lays out every
// stub of every tree, none left to go/format (fallbacks.go).
const (
	// coldLimit bounds a cold --check and a fresh generation, ÷ the floor (issue 22).
	coldLimit = 3.0
	// coldRSSLimit bounds their peak RSS ÷ the floor's, on trees of rssTreeSize resources or more.
	coldRSSLimit = 1.5
	rssTreeSize  = 10000
	// noopLimit bounds an up-to-date run with its stamp, ÷ the floor: it need not load (issue 22).
	noopLimit = 0.5
	// scalingLimit is the least speedup of the generate phase of a cold --check from GOMAXPROCS=1 to 2.
	scalingLimit = 1.7
)

// measuresScaling says whether the cold --check of t is also measured at GOMAXPROCS=1 and 2: on the
// large synthetic trees, where generation is most of a run.
func measuresScaling(t tree) bool { return t.name != "examples" && t.resources >= 1000 }

// budgetTable writes the verdict rows of the budget table.
type budgetTable struct{ w io.Writer }

func (b budgetTable) header() {
	fmt.Fprintln(b.w, "| budget | tree | measured | limit | verdict |")
	fmt.Fprintln(b.w, "|---|---|---:|---:|---|")
}

// atMost judges a measurement that must not exceed limit.
func (b budgetTable) atMost(name, tree string, got, limit float64, format string) {
	b.row(name, tree, got, limit, format, got <= limit)
}

// atLeast judges a measurement that must reach limit.
func (b budgetTable) atLeast(name, tree string, got, limit float64, format string) {
	b.row(name, tree, got, limit, "≥ "+format, got >= limit)
}

func (b budgetTable) row(name, tree string, got, limit float64, format string, pass bool) {
	v := "pass"
	if !pass {
		v = "**FAIL**"
	}
	measured := strings.TrimPrefix(format, "≥ ")
	fmt.Fprintf(b.w, "| %s | %s | "+measured+" | "+format+" | %s |\n", name, tree, got, limit, v)
}

// shown is a row that is measured but not a budget.
func (b budgetTable) shown(name, tree, got string) {
	fmt.Fprintf(b.w, "| %s (not a budget) | %s | %s | – | – |\n", name, tree, got)
}

// missing is a budget whose measurement was not taken, with the reason.
func (b budgetTable) missing(name, tree, limit, why string) {
	fmt.Fprintf(b.w, "| %s | %s | – | %s | not measured: %s |\n", name, tree, limit, why)
}

// writeBudgets checks the budgets against the medians.
func writeBudgets(w io.Writer, results []result) {
	b := budgetTable{w}
	b.header()
	perResource := map[int]float64{}
	for _, r := range results {
		floor, ok := r.stats("floor")
		if !ok {
			continue
		}
		name := r.tree.name
		if validate, ok := r.stats("validate"); ok {
			// Issue 21: what --breaking-against adds to a run costs less than a second load of the IDL.
			for _, key := range []string{"breaking", "breaking-all"} {
				st, _ := r.stats(key)
				b.atMost("(--breaking-against − validate only) ÷ floor, "+strings.TrimPrefix(commandNames[key], "cidlc --breaking-against="),
					name, float64(st.wall-validate.wall)/float64(floor.wall), 1.0, "%.2f×")
			}
			continue
		}
		fresh, _ := r.stats("fresh")
		noop, _ := r.stats("noop")
		check, _ := r.stats("check")
		cold, hasCold := r.stats("check-cold")
		wallRatio := func(st stats) float64 { return float64(st.wall) / float64(floor.wall) }
		rssRatio := func(st stats) float64 { return float64(st.rss) / float64(floor.rss) }
		big := r.tree.resources >= 1000 && name != "examples"
		if big {
			b.atMost("no-op regeneration ÷ floor", name, wallRatio(noop), noopLimit, "%.2f×")
			b.atMost("--check ÷ floor", name, wallRatio(check), noopLimit, "%.2f×")
		}
		if hasCold {
			b.atMost("--check without stamp (CI) ÷ floor", name, wallRatio(cold), coldLimit, "%.2f×")
		}
		b.atMost("fresh generation ÷ floor", name, wallRatio(fresh), coldLimit, "%.2f×")
		b.atMost("peak RSS ÷ floor, no-op and --check", name, float64(max(noop.rss, check.rss))/float64(floor.rss), 1.25, "%.2f×")
		if r.tree.resources >= rssTreeSize && name != "examples" {
			b.atMost("peak RSS ÷ floor, fresh", name, rssRatio(fresh), coldRSSLimit, "%.2f×")
			if hasCold {
				b.atMost("peak RSS ÷ floor, --check without stamp", name, rssRatio(cold), coldRSSLimit, "%.2f×")
			}
		} else {
			b.shown("peak RSS ÷ floor, fresh", name, fmt.Sprintf("%.2f×", rssRatio(fresh)))
		}
		one, ok1 := r.stats("check-cold-gomaxprocs1")
		two, ok2 := r.stats("check-cold-gomaxprocs2")
		if ok1 && ok2 && two.phases["generate"] > 0 {
			b.atLeast("generate phase of --check without stamp, GOMAXPROCS=1 ÷ GOMAXPROCS=2", name,
				float64(one.phases["generate"])/float64(two.phases["generate"]), scalingLimit, "%.2f×")
		}
		if tygo, ok := r.stats("tygo"); ok {
			b.atMost("cidlc fresh ÷ tygo", name, float64(fresh.wall)/float64(tygo.wall), 1.0, "%.2f×")
		}
		written := -1
		if f := strings.Fields(noop.report); len(f) > 0 {
			written, _ = strconv.Atoi(f[0])
		}
		b.atMost("files a no-op writes", name, float64(written), 0, "%.0f")
		b.atMost("stub files go/format laid out (package layout refused them)", name, float64(len(r.fallbacks)), 0, "%.0f")
		if name != "examples" {
			perResource[r.tree.resources] = float64(fresh.wall) / float64(r.tree.resources)
		}
	}
	if a, c := perResource[1000], perResource[10000]; a > 0 && c > 0 {
		b.atMost("fresh per-resource cost 10,000 ÷ 1,000", "synth10000", c/a, 1.2, "%.2f×")
	}
}
