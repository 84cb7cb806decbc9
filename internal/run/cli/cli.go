// Package cli is the cidlc command line: flags in, exit status out. It parses the flags into the options
// of one run (package cidlc, the module's root), runs it, and prints what it returns. It holds nothing
// else: what a run does, and in what order, is package cidlc's.
package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/cidlc/cidlc"
	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/gen/outdir"
	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/idl/previous"
)

// Exit statuses.
const (
	ExitOK    = 0 // all is well
	ExitFail  = 1 // the IDL has problems, a generator failed, or (with --check) outputs are stale
	ExitUsage = 2 // the command line is wrong
)

const usageHead = `cidlc compiles a cloud resource IDL (a subset of Go) into a Pulumi TypeScript package and Go
provider stubs.

Usage:
  cidlc [flags] IDL_DIR

IDL_DIR and every Go package below it are loaded, type-checked and checked against the IDL rules (see
the documentation of package github.com/cidlc/cidlc/idl). Every problem is reported as
file:line:col: message. Without an output flag, cidlc only checks the IDL.

Exit status: 0 ok, 1 IDL problems, stale outputs or (with --breaking-against) breaking changes, 2 usage
error.

Flags:
`

// options are the parsed command line: a run's options and how to print its result. --print-model sets
// Options.Model: the run builds the model, and the command prints it.
type options struct {
	cidlc.Options
	quiet   bool
	verbose bool
	// breakingJSON prints the comparison of --breaking-against as JSON on standard output.
	breakingJSON bool
}

// Main runs cidlc with args (without the program name) and returns the exit status.
func Main(args []string, stdout, stderr io.Writer) int {
	opts, status, done := parseFlags(args, stdout, stderr)
	if done {
		return status
	}
	// The diffs of --check follow the model on standard output; with --breaking-format=json, standard
	// output holds the JSON alone, and the diffs go to standard error.
	var diffs bytes.Buffer
	opts.Diff = stdout
	switch {
	case opts.breakingJSON:
		opts.Diff = stderr
	case opts.Model:
		opts.Diff = &diffs
	}
	opts.Stdin = os.Stdin
	opts.BoundMemory = true
	opts.Cache = cidlc.UserCache()
	res, err := cidlc.Run(context.Background(), opts.Options)
	status = ExitOK
	// Warnings are diagnostics: printed even with -q, and never a reason to fail. (With errors, they are
	// among the errors.)
	if res.Model != nil {
		for _, w := range res.Model.Warnings {
			fmt.Fprintln(stderr, w)
		}
	}
	if opts.Model && res.Model != nil {
		if err := printModel(stdout, res.Model); err != nil {
			fmt.Fprintln(stderr, "cidlc:", err)
			return ExitFail
		}
		stdout.Write(diffs.Bytes())
	}
	if opts.verbose {
		switch {
		case res.UpToDate:
			fmt.Fprintf(stderr, "cidlc: %s: unchanged since the last run\n", opts.IDL)
		case res.Model != nil:
			fmt.Fprintf(stderr, "cidlc: %s: %s\n", opts.IDL, summary(res.Model))
		}
	}
	if err != nil {
		printError(err, opts, stderr)
		status = ExitFail
	} else if len(res.Outputs) > 0 {
		printReport(res.Report, opts, stderr)
		if opts.Check && res.Report.Stale() {
			if !opts.quiet {
				fmt.Fprintf(stderr, "cidlc: generated code is not current (%s); to update it, run: %s\n", res.Report, updateCommand(args))
			}
			status = ExitFail
		}
	}
	if printSnapshots(res, opts, stderr) {
		status = ExitFail
	}
	if res.Breaking != nil && printBreaking(res.Breaking, opts, stdout, stderr) {
		status = ExitFail
	}
	if opts.verbose {
		fmt.Fprintf(stderr, "cidlc: time: %s\n", res.Phases)
	}
	return status
}

// updateCommand returns the command line that updates what --check found stale: this one without
// --check, quoted for a POSIX shell.
func updateCommand(args []string) string {
	words := []string{"cidlc"}
	for _, arg := range args {
		if arg == "--check" || strings.HasPrefix(arg, "--check=") {
			continue
		}
		if arg == "" || strings.ContainsFunc(arg, func(r rune) bool { return !strings.ContainsRune(shellSafe, r) }) {
			arg = "'" + strings.ReplaceAll(arg, "'", `'\''`) + "'"
		}
		words = append(words, arg)
	}
	return strings.Join(words, " ")
}

// shellSafe are the characters a shell word may hold unquoted.
const shellSafe = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=/.,:@%"

// printError prints why a run failed: the IDL's problems one per line, anything else as it is.
func printError(err error, opts options, stderr io.Writer) {
	var diags model.Diagnostics
	var generr *cidlc.GenerateError
	var previousProblems *previous.Problems
	switch {
	case errors.As(err, &previousProblems):
		for _, d := range previousProblems.Diagnostics {
			fmt.Fprintln(stderr, d)
		}
		if !opts.quiet {
			n := len(previousProblems.Diagnostics)
			fmt.Fprintf(stderr, "cidlc: %d problem%s in the IDL of --breaking-against=%s; nothing was compared or written\n", n, plural(n), previousProblems.Against)
		}
	case errors.As(err, &diags):
		for _, d := range diags {
			fmt.Fprintln(stderr, d)
		}
		if !opts.quiet {
			n := diags.Errors()
			fmt.Fprintf(stderr, "cidlc: %d problem%s in the IDL; nothing was written\n", n, plural(n))
		}
	case errors.As(err, &generr):
		fmt.Fprintf(stderr, "cidlc: %v\ncidlc: nothing was written\n", err)
	default:
		fmt.Fprintln(stderr, "cidlc:", err)
	}
}

// printReport says, with -v, what was written or found stale.
func printReport(report outdir.Report, opts options, stderr io.Writer) {
	if !opts.verbose {
		return
	}
	fmt.Fprintf(stderr, "cidlc: %s\n", report)
	for _, path := range report.Written {
		fmt.Fprintf(stderr, "cidlc:   %s %s\n", map[bool]string{true: "stale  ", false: "written"}[opts.Check], path)
	}
	for _, path := range report.Removed {
		fmt.Fprintf(stderr, "cidlc:   %s %s\n", map[bool]string{true: "to remove", false: "removed"}[opts.Check], path)
	}
}

func parseFlags(args []string, stdout, stderr io.Writer) (opts options, status int, done bool) {
	fs := pflag.NewFlagSet("cidlc", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.SortFlags = false
	fs.StringVar(&opts.Pack, "out-pack", "", "write the TypeScript package to this `dir`")
	fs.StringVar(&opts.Provider, "out-provider", "", "write the Go provider stubs to this `dir`")
	fs.StringVar(&opts.Provider, "out-rpc", "", "same as --out-provider `dir` (its 2017 name)")
	fs.StringVar(&opts.Schema, "out-schema", "", "write the Pulumi package schema (JSON) to this `file`")
	fs.StringVar(&opts.Version, "pkg-version", "", "the release's `version`, which every output pins (the npm package, its resources, the schema, the plugin)")
	fs.StringVar(&opts.PluginDownloadURL, "plugin-download-url", "", "the `url` the engine downloads the release's plugin tarballs from (needs --pkg-version)")
	fs.StringToStringVar(&opts.SchemaMeta, "schema-meta", nil, "schema package fields as `key=value` pairs: "+strings.Join(cidlc.SchemaMetaKeys, ", "))
	fs.Lookup("schema-meta").DefValue = "" // not "(default [])"
	fs.BoolVar(&opts.Check, "check", false, "write nothing; print a unified diff of every output that is not current and exit 1 if any")
	fs.StringVar(&opts.Name, "name", "", "the package `name` that starts every type token (default: the Go name of the root IDL package)")
	// pflag shows the first back-quoted word of a usage as the value's name: no other back quotes.
	fs.StringArrayVar(&opts.Snapshots, "validate-snapshot", nil, "validate the MuGL snapshot or Pulumi deployment (what pulumi stack export prints) in `file` against the IDL; repeatable, - for standard input")
	fs.BoolVar(&opts.Model, "print-model", false, "print cidlc's model of the IDL as JSON on standard output")
	// The flag's name before "schema" came to mean the Pulumi package schema only (docs/architecture.md).
	fs.BoolVar(&opts.Model, "print-schema", false, "")
	fs.MarkHidden("print-schema")
	fs.StringVar(&opts.BreakingAgainst, "breaking-against", "", "compare the IDL with its previous version `OLD`, a directory or a git revision, and report what breaks programs or stacks (docs/breaking.md); exit 1 on a breaking change")
	accept := fs.StringArray("breaking-accept", nil, "accept the breaking changes of rule `RULE[:SUBJECT]`, all or one subject's; repeatable")
	format := fs.String("breaking-format", "text", "how to print the comparison: `text` (diagnostics on standard error) or json (on standard output)")
	rules := fs.Bool("breaking-rules", false, "print the rules of --breaking-against and exit")
	fs.BoolVarP(&opts.quiet, "quiet", "q", false, "print only diagnostics")
	fs.BoolVarP(&opts.verbose, "verbose", "v", false, "say what was done")
	version := fs.Bool("version", false, "print the version and exit")
	help := fs.BoolP("help", "h", false, "print this help and exit")

	usage := func(w io.Writer) {
		fmt.Fprint(w, usageHead)
		fmt.Fprint(w, fs.FlagUsages())
	}
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(stderr, "cidlc: %v\n", err)
		fmt.Fprintln(stderr, "Run 'cidlc --help' for usage.")
		return opts, ExitUsage, true
	}
	switch {
	case *help:
		usage(stdout)
		return opts, ExitOK, true
	case *version:
		fmt.Fprintln(stdout, "cidlc", Version())
		return opts, ExitOK, true
	case *rules:
		printRules(stdout)
		return opts, ExitOK, true
	case fs.NArg() != 1:
		if fs.NArg() == 0 {
			fmt.Fprintln(stderr, "cidlc: missing IDL_DIR")
		} else {
			fmt.Fprintf(stderr, "cidlc: want one IDL_DIR, got %d arguments\n", fs.NArg())
		}
		fmt.Fprintln(stderr, "Usage: cidlc [flags] IDL_DIR. Run 'cidlc --help' for details.")
		return opts, ExitUsage, true
	case opts.quiet && opts.verbose:
		fmt.Fprintln(stderr, "cidlc: --quiet and --verbose contradict each other")
		return opts, ExitUsage, true
	}
	if fs.Changed("print-schema") {
		fmt.Fprintln(stderr, "cidlc: --print-schema is deprecated; use --print-model")
	}
	for key := range opts.SchemaMeta {
		if !slices.Contains(cidlc.SchemaMetaKeys, key) {
			fmt.Fprintf(stderr, "cidlc: --schema-meta: unknown key %q; the keys are %s\n", key, strings.Join(cidlc.SchemaMetaKeys, ", "))
			return opts, ExitUsage, true
		}
	}
	if status, done := breakingFlags(fs, &opts, *accept, *format, stderr); done {
		return opts, status, true
	}
	if _, err := gen.NewRelease(opts.Version, opts.PluginDownloadURL); err != nil {
		fmt.Fprintf(stderr, "cidlc: %v\n", err)
		return opts, ExitUsage, true
	}
	if opts.Name != "" && !load.ValidName(opts.Name) {
		fmt.Fprintf(stderr, "cidlc: --name %q: a token's package name is ASCII letters, digits, _ and -, starting with a letter\n", opts.Name)
		return opts, ExitUsage, true
	}
	opts.IDL = fs.Arg(0)
	return opts, ExitOK, false
}

// Version is cidlc's version: the module version it was built as, or "devel".
func Version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		return info.Main.Version
	}
	return "devel"
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// summary counts what the IDL declares, for -v.
func summary(tree *model.Tree) string {
	var files, resources, functions, structs, enums, aliases, consts int
	for _, pkg := range tree.Packages {
		for _, f := range pkg.Files {
			files++
			resources += len(f.Resources)
			functions += len(f.Functions)
			structs += len(f.Structs)
			enums += len(f.Enums)
			aliases += len(f.Aliases)
			consts += len(f.Consts)
		}
	}
	return fmt.Sprintf("package %s: %d modules, %d files, %d resources, %d functions, %d structs, %d enums, %d aliases, %d constants",
		tree.Name, len(tree.Packages), files, resources, functions, structs, enums, aliases, consts)
}
