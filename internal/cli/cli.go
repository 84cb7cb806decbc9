// Package cli is the cidlc command line: flags in, exit status out. It parses options, hands them to the
// loader and the generators, and prints what they report. It holds no logic of its own beyond that, so that
// tests can run the whole command in-process.
package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/outlock"
	"github.com/cidlc/cidlc/internal/uptodate"
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

Exit status: 0 ok, 1 IDL problems or stale outputs, 2 usage error.

Flags:
`

// options are the parsed command line.
type options struct {
	idlDir      string
	outPack     string
	outProvider string
	name        string
	outSchema   string
	schemaMeta  map[string]string
	pkgVersion  string
	printModel  bool
	check       bool
	quiet       bool
	verbose     bool
	// snapshots are the files of --validate-snapshot ("-" for standard input).
	snapshots []string
}

// Main runs cidlc with args (without the program name) and returns the exit status.
func Main(args []string, stdout, stderr io.Writer) int {
	opts, status, done := parseFlags(args, stdout, stderr)
	if done {
		return status
	}
	timer := newPhases()
	// A problem with the output flags is reported after the IDL's.
	outs, outErr := outputs(opts)
	// Runs on the same outputs take turns (package outlock), from before the cache looks at the outputs to
	// after it records what this run leaves there.
	if outErr == nil && len(outs) > 0 {
		dirs := make([]string, len(outs))
		for i, out := range outs {
			dirs[i] = out.Dir
		}
		defer outlock.Lock(dirs, !opts.check)()
	}
	// While the IDL loads, check whether the outputs still hold what the last run recorded (uptodate.Cache).
	// --print-model and --validate-snapshot need the model, so they never skip to the end; their runs
	// only record.
	var cache uptodate.Cache
	if outErr == nil && len(outs) > 0 {
		cache = openCache()
	}
	var prior *uptodate.Lookup
	mayShortcut := !opts.printModel && len(opts.snapshots) == 0
	if mayShortcut {
		prior = cache.Lookup(outs)
	}
	loaded, err := load.LoadPackages(load.Config{Dir: opts.idlDir, Name: opts.name})
	if err != nil {
		return loadFailed(err, opts, stderr)
	}
	timer.lap("load")
	// Outputs that the cache shows current for these very sources need neither the IDL checks nor the
	// backends.
	var key uptodate.Key
	keyErr := errors.New("no outputs")
	if cache.Enabled() {
		key, keyErr = cache.Key(loaded.Digest(), outs)
	}
	if keyErr == nil && mayShortcut {
		if report, ok := prior.Current(key); ok {
			timer.lap("up to date")
			prior.Refresh(cache, outs)
			if opts.verbose {
				fmt.Fprintf(stderr, "cidlc: %s: unchanged since the last run\n", opts.idlDir)
			}
			printReport(report, opts, stderr)
			if opts.verbose {
				fmt.Fprintf(stderr, "cidlc: time: %s\n", timer)
			}
			return ExitOK
		}
	}
	tree, err := loaded.Model()
	if err != nil {
		return loadFailed(err, opts, stderr)
	}
	timer.lap("model") // the IDL checks, which build the model
	if opts.printModel {
		if err := printModel(stdout, tree); err != nil {
			fmt.Fprintln(stderr, "cidlc:", err)
			return ExitFail
		}
	}
	if opts.verbose {
		fmt.Fprintf(stderr, "cidlc: %s: %s\n", opts.idlDir, summary(tree))
	}
	if outErr != nil {
		fmt.Fprintln(stderr, "cidlc:", outErr)
		status = ExitFail
	} else {
		status = generate(tree, opts, outs, cache, key, keyErr, stdout, stderr, &timer)
	}
	if len(opts.snapshots) > 0 {
		status = max(status, validateSnapshots(tree, opts, os.Stdin, stderr))
		timer.lap("validate")
	}
	if opts.verbose {
		fmt.Fprintf(stderr, "cidlc: time: %s\n", timer)
	}
	return status
}

// generate runs the backends of the output flags, then writes their files or, with --check, compares them.
// Outputs left current are recorded in the cache under key, unless keyErr says there is none.
func generate(tree *model.Tree, opts options, outs []gen.Output, cache uptodate.Cache, key uptodate.Key, keyErr error, stdout, stderr io.Writer, timer *phases) int {
	if len(outs) == 0 {
		return ExitOK
	}
	results, err := gen.Generate(tree, outs)
	if err == nil {
		err = outsideIDL(opts.idlDir, results)
	}
	if err != nil {
		// Problems of the IDL that a backend found are diagnostics like the loader's.
		wd, _ := os.Getwd()
		if diags, ok := gen.DiagnosticsOf(err, wd); ok {
			return problems(diags, opts, stderr)
		}
		fmt.Fprintf(stderr, "cidlc: %v\ncidlc: nothing was written\n", err)
		return ExitFail
	}
	timer.lap("generate")
	var report gen.Report
	if opts.check {
		report, err = gen.Check(results, stdout)
	} else {
		report, err = gen.Write(results)
	}
	timer.lap(map[bool]string{true: "check", false: "write"}[opts.check])
	if err != nil {
		fmt.Fprintln(stderr, "cidlc:", err)
		return ExitFail
	}
	printReport(report, opts, stderr)
	// The disk now holds the generated files: after a Write always, after a Check when nothing is stale.
	if keyErr == nil && (!opts.check || !report.Stale()) {
		cache.Record(outs, key, results)
	}
	if opts.check && report.Stale() {
		if !opts.quiet {
			fmt.Fprintf(stderr, "cidlc: generated code is not current (%s); run cidlc without --check to update it\n", report)
		}
		return ExitFail
	}
	return ExitOK
}

// loadFailed reports the diagnostics (or the failure of the Go tool) of a load.
func loadFailed(err error, opts options, stderr io.Writer) int {
	var diags load.Diagnostics
	if errors.As(err, &diags) {
		return problems(diags, opts, stderr)
	}
	fmt.Fprintln(stderr, "cidlc:", err)
	return ExitFail
}

// problems prints the IDL's problems, found by the loader or by a backend, one per line, and fails.
func problems[D fmt.Stringer](diags []D, opts options, stderr io.Writer) int {
	for _, d := range diags {
		fmt.Fprintln(stderr, d)
	}
	if !opts.quiet {
		fmt.Fprintf(stderr, "cidlc: %d problem%s in the IDL; nothing was written\n", len(diags), plural(len(diags)))
	}
	return ExitFail
}

// printReport says, with -v, what was written or found stale.
func printReport(report gen.Report, opts options, stderr io.Writer) {
	if !opts.verbose {
		return
	}
	fmt.Fprintf(stderr, "cidlc: %s\n", report)
	for _, path := range report.Written {
		fmt.Fprintf(stderr, "cidlc:   %s %s\n", map[bool]string{true: "stale  ", false: "written"}[opts.check], path)
	}
	for _, path := range report.Removed {
		fmt.Fprintf(stderr, "cidlc:   %s %s\n", map[bool]string{true: "to remove", false: "removed"}[opts.check], path)
	}
}

// openCache opens the up-to-date cache (uptodate.Open); tests replace it.
var openCache = uptodate.Open

func parseFlags(args []string, stdout, stderr io.Writer) (opts options, status int, done bool) {
	fs := pflag.NewFlagSet("cidlc", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.SortFlags = false
	fs.StringVar(&opts.outPack, "out-pack", "", "write the TypeScript package to this `dir`")
	fs.StringVar(&opts.outProvider, "out-provider", "", "write the Go provider stubs to this `dir`")
	fs.StringVar(&opts.outProvider, "out-rpc", "", "the 2017 name of --out-provider")
	fs.StringVar(&opts.outSchema, "out-schema", "", "write the Pulumi package schema (JSON) to this `file`")
	fs.StringVar(&opts.pkgVersion, "pkg-version", "", "the package `version` written into the schema")
	fs.StringToStringVar(&opts.schemaMeta, "schema-meta", nil, "schema package fields as `key=value` pairs: "+strings.Join(schemaMetaKeys, ", "))
	fs.BoolVar(&opts.check, "check", false, "write nothing; print a unified diff of every output that is not current and exit 1 if any")
	fs.StringVar(&opts.name, "name", "", "the package `name` that starts every type token (default: the Go name of the root IDL package)")
	fs.StringArrayVar(&opts.snapshots, "validate-snapshot", nil, "check the MuGL snapshot or Pulumi deployment (`pulumi stack export`) in `file` against the IDL; repeatable, - for standard input")
	fs.BoolVar(&opts.printModel, "print-model", false, "print cidlc's model of the IDL as JSON on standard output")
	// The flag's name before "schema" came to mean the Pulumi package schema only (docs/architecture.md).
	fs.BoolVar(&opts.printModel, "print-schema", false, "")
	fs.MarkHidden("print-schema")
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
	for key := range opts.schemaMeta {
		if !slices.Contains(schemaMetaKeys, key) {
			fmt.Fprintf(stderr, "cidlc: --schema-meta: unknown key %q; the keys are %s\n", key, strings.Join(schemaMetaKeys, ", "))
			return opts, ExitUsage, true
		}
	}
	if opts.name != "" && !load.ValidName(opts.name) {
		fmt.Fprintf(stderr, "cidlc: --name %q: a token's package name is ASCII letters, digits, _ and -, starting with a letter\n", opts.name)
		return opts, ExitUsage, true
	}
	opts.idlDir = fs.Arg(0)
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
	var files, resources, structs, enums, aliases, consts int
	for _, pkg := range tree.Packages {
		for _, f := range pkg.Files {
			files++
			resources += len(f.Resources)
			structs += len(f.Structs)
			enums += len(f.Enums)
			aliases += len(f.Aliases)
			consts += len(f.Consts)
		}
	}
	return fmt.Sprintf("package %s: %d modules, %d files, %d resources, %d structs, %d enums, %d aliases, %d constants",
		tree.Name, len(tree.Packages), files, resources, structs, enums, aliases, consts)
}

// printModel writes the model as indented JSON, with source positions relative to the working directory
// so that the output does not depend on where the checkout lives.
func printModel(w io.Writer, tree *model.Tree) error {
	wd, err := os.Getwd()
	if err != nil {
		return err
	}
	return model.WriteJSON(w, tree, wd)
}
