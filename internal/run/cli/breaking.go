package cli

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/pflag"

	"github.com/cidlc/cidlc/idl/breaking"
)

// breakingFlags checks the flags of --breaking-against and puts them into opts; done reports a usage
// error, already printed.
func breakingFlags(fs *pflag.FlagSet, opts *options, accept []string, format string, stderr io.Writer) (status int, done bool) {
	usage := func(msg string) (int, bool) {
		fmt.Fprintln(stderr, "cidlc:", msg)
		return ExitUsage, true
	}
	if opts.BreakingAgainst == "" {
		for _, name := range []string{"breaking-accept", "breaking-format"} {
			if fs.Changed(name) {
				return usage("--" + name + " needs --breaking-against")
			}
		}
		return ExitOK, false
	}
	switch format {
	case "text":
	case "json":
		if opts.Model {
			return usage("--breaking-format=json and --print-model both print JSON on standard output; run them apart")
		}
		opts.breakingJSON = true
	default:
		return usage(fmt.Sprintf("--breaking-format=%s: the formats are text and json", format))
	}
	for _, a := range accept {
		acc, err := breaking.ParseAcceptance(a)
		if err != nil {
			return usage("--breaking-accept: " + err.Error())
		}
		opts.BreakingAccept = append(opts.BreakingAccept, acc)
	}
	return ExitOK, false
}

// printBreaking prints the comparison with --breaking-against: as diagnostics on standard error (safe
// and accepted findings with -v), then a summary line unless -q; or as JSON on standard output. It
// reports whether a breaking change fails the run.
func printBreaking(report *breaking.Report, opts options, stdout, stderr io.Writer) (failed bool) {
	wd, _ := os.Getwd()
	if opts.breakingJSON {
		if err := report.WriteJSON(stdout, wd, opts.BreakingAgainst); err != nil {
			fmt.Fprintln(stderr, "cidlc:", err)
			return true
		}
		return report.Failed()
	}
	if err := report.WriteText(stderr, wd, opts.verbose); err != nil {
		fmt.Fprintln(stderr, "cidlc:", err)
		return true
	}
	if !opts.quiet {
		hidden := ""
		if !opts.verbose && len(report.Findings) > report.Count(breaking.Breaking)+report.Count(breaking.Warning) {
			hidden = " (safe and accepted changes are shown with -v)"
		}
		fmt.Fprintf(stderr, "cidlc: against %s: %s%s\n", opts.BreakingAgainst, report.Summary(), hidden)
	}
	return report.Failed()
}

// printRules prints the catalogue of --breaking-against's rules: ID, category, severity, the remedy that
// can cover a finding of it (alias, migration, or -), and what it finds.
func printRules(w io.Writer) {
	width := 0
	for _, r := range breaking.Rules {
		width = max(width, len(r.ID))
	}
	for _, r := range breaking.Rules {
		remedy := r.Remedy()
		if remedy == "" {
			remedy = "-"
		}
		fmt.Fprintf(w, "%-*s %-7s %-9s %-9s %s\n", width, r.ID, r.Category, r.Severity, remedy, r.Summary)
	}
}
