package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestSmoke runs the harness on examples/ with one run, so that `make bench` cannot rot unnoticed. It
// builds cidlc, so it is skipped under -short; it does not time anything.
func TestSmoke(t *testing.T) {
	if testing.Short() {
		t.Skip("builds cidlc and runs it; skipped under -short")
	}
	t.Chdir("../../..") // the module root, where `make bench` runs it
	var out, log bytes.Buffer
	cfg := config{runs: 1, trees: "examples", work: ".cache/bench-smoke", breaking: true, breakingSize: 40, programStart: true}
	if err := run(cfg, &out, &log); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	for _, want := range []string{
		"| floor (packages.Load only) |",
		"| cidlc, no-op (up to date) |",
		"| files a no-op writes | examples | 0 | 0 | pass |",
		"| stub files go/format laid out (package layout refused them) | examples | 0 | 0 | pass |",
		"| --check without stamp (CI) ÷ floor | examples |",
		"| program start: cidlc pack's overhead − Pulumi codegen's, CPU time |",
		"load ",
		"| cidlc --breaking-against=HEAD (one package edited) |",
		"breaking ",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}

// TestFallbacksListed: below the budgets, the report lists the stub files of each tree that package
// layout refused, with where it stopped, up to fallbacksShown, and says how many more there are.
func TestFallbacksListed(t *testing.T) {
	var refused []string
	for i := range fallbacksShown + 2 {
		refused = append(refused, fmt.Sprintf(`m/f%02d_stub.go: package layout refused line 4, "for {" (stmt (stmt.go:69) ← stmtList (stmt.go:24))`, i))
	}
	var out bytes.Buffer
	writeFallbacks(&out, []result{{tree: tree{name: "examples"}}, {tree: tree{name: "synth100"}, fallbacks: refused}})
	got := out.String()
	for _, want := range []string{"Stub files of synth100 that package layout refused", "- " + refused[0] + "\n",
		fmt.Sprintf("- %s\n", refused[fallbacksShown-1]), "- and 2 more\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("report lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "examples") || strings.Contains(got, refused[fallbacksShown]) {
		t.Errorf("report lists what it should not:\n%s", got)
	}
}
