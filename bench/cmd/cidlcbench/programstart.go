package main

import (
	"path/filepath"
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
// startup.go measures it; the time judged is CPU time (see there).
const programStartTree = 1000

// programStartResult is what measureProgramStart measured: medians of the overheads over
// @pulumi/pulumi alone.
type programStartResult struct {
	tree                  string
	cidlcTime, pulumiTime time.Duration
	cidlcRSS, pulumiRSS   int64 // KiB
	detail                startupResult
}

// measureProgramStart measures the program-start row, or returns nil when it is not measured: without
// the Pulumi CLI and its codegen plugins (make bench passes them).
func measureProgramStart(cfg config, work string, logf func(string, ...any)) (*programStartResult, error) {
	if cfg.startup.pulumi == "" {
		logf("program start not measured: -program-start-pulumi is not set (make bench sets it)")
		return nil, nil
	}
	startup := cfg.startup
	startup.size = programStartTree
	logf("measuring program start with the generated packages of synth%d", startup.size)
	r, err := measureStartup(startup, work, filepath.Join(work, "bin"), logf)
	if err != nil {
		return nil, err
	}
	base, _ := r.stats("pulumi")
	cidlc, _ := r.stats("cidlc")
	codegen, _ := r.stats("codegen")
	return &programStartResult{
		tree:      r.tree.name,
		cidlcTime: cidlc.cpu - base.cpu, pulumiTime: codegen.cpu - base.cpu,
		cidlcRSS: cidlc.rss - base.rss, pulumiRSS: codegen.rss - base.rss,
		detail: r,
	}, nil
}

// writeProgramStartBudget writes the program-start verdicts.
func writeProgramStartBudget(b budgetTable, start *programStartResult) {
	// The overheads are differences of medians of a sub-second start, either of which can be 0 or below
	// (the session-5 run measured −20 ms and 0 ms of CPU): a ratio of them says nothing, so the budget is
	// their difference, which must not be above 0.
	const timeName = "program start: cidlc pack's overhead − Pulumi codegen's, CPU time"
	const rssName = "program start: cidlc pack's overhead − Pulumi codegen's, peak RSS"
	if start == nil {
		tree := "synth" + strconv.Itoa(programStartTree)
		b.missing(timeName, tree, "+0 ms", "measureProgramStart (bench/cmd/cidlcbench/programstart.go) is the TypeScript half of issue 22")
		b.missing(rssName, tree, "+0.0 MiB", "as above")
		return
	}
	b.atMost(timeName, start.tree, float64(start.cidlcTime-start.pulumiTime)/float64(time.Millisecond), 0, "%+.0f ms")
	b.atMost(rssName, start.tree, float64(start.cidlcRSS-start.pulumiRSS)/1024, 0, "%+.1f MiB")
}
