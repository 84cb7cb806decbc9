package main

import (
	"strconv"
	"time"
)

// The program-start row of issue 22: every `pulumi preview` or `up` of a TypeScript program pays for
// loading the generated package. It is measured on one synthetic tree (programStartTree resources) put
// through cidlc's --out-pack and through --out-schema then `pulumi package gen-sdk --language nodejs`,
// both compiled with tsc: a Node program require()s the package, then one resource class; what that
// costs on top of @pulumi/pulumi alone is the overhead. The budget: cidlc's overhead at most Pulumi's
// codegen's, in time and in memory.
//
// The measurement belongs to the TypeScript half of issue 22 (branch perf-ts), which fills in
// measureProgramStart; until it does, the budget table says the row was not measured.
const programStartTree = 1000

// programStartResult is what measureProgramStart measured: medians of the overheads over
// @pulumi/pulumi alone.
type programStartResult struct {
	tree                  string
	cidlcTime, pulumiTime time.Duration
	cidlcRSS, pulumiRSS   int64 // KiB
}

// measureProgramStart measures the program-start row, or returns nil when it is not measured.
func measureProgramStart(cfg config, work string, logf func(string, ...any)) (*programStartResult, error) {
	return nil, nil
}

// writeProgramStartBudget writes the program-start verdicts.
func writeProgramStartBudget(b budgetTable, start *programStartResult) {
	const timeName = "program start: cidlc pack's overhead ÷ Pulumi codegen's, time"
	const rssName = "program start: cidlc pack's overhead ÷ Pulumi codegen's, peak RSS"
	if start == nil {
		tree := "synth" + strconv.Itoa(programStartTree)
		b.missing(timeName, tree, "1.00×", "measureProgramStart (bench/cmd/cidlcbench/programstart.go) is the TypeScript half of issue 22")
		b.missing(rssName, tree, "1.00×", "as above")
		return
	}
	b.atMost(timeName, start.tree, float64(start.cidlcTime)/float64(max(start.pulumiTime, 1)), 1.0, "%.2f×")
	b.atMost(rssName, start.tree, float64(start.cidlcRSS)/float64(max(start.pulumiRSS, 1)), 1.0, "%.2f×")
}
