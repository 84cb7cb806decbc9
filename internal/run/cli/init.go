package cli

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"github.com/cidlc/cidlc/internal/run/scaffold"
)

// init is a subcommand, not a flag: it makes a new module instead of compiling an IDL, and shares
// neither the argument (a new directory, not IDL_DIR) nor any flag of a run. A run stays one library
// call, cidlc.Run; init is package scaffold's, which calls it. An IDL directory named init is given as
// ./init.

const initUsageHead = `cidlc init writes a new provider's Go module into DIR: a working provider of files on the local
disk, with its IDL, ops, plugin, tests (over gRPC and under the Pulumi engine), Makefile and README,
and what cidlc generates from the IDL. It runs go mod tidy there, and builds and passes its tests at
once: cd DIR && make.

The module requires this cidlc: the release it is, or, when it was built from a clone of cidlc (go run
./cmd/cidlc), that clone, through a replace directive (--cidlc names another). DIR must not exist, or
be empty; nothing is written unless everything succeeds.

Usage:
  cidlc init [flags] DIR

Flags:
`

// initMain runs `cidlc init` with args (after "init") and returns the exit status.
func initMain(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("cidlc init", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.SortFlags = false
	var opts scaffold.Options
	fs.StringVar(&opts.Name, "name", "", "the provider's package `name` (default: DIR's name, less a pulumi- prefix)")
	fs.StringVar(&opts.Module, "module", "", "the new Go module's `path` (default: DIR's name)")
	fs.StringVar(&opts.Clone, "cidlc", "", "a clone of cidlc, `dir`, for the module to build with (default: this cidlc's release, or the clone it was built from)")
	quiet := fs.BoolP("quiet", "q", false, "print only errors")
	help := fs.BoolP("help", "h", false, "print this help and exit")
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(stderr, "cidlc init: %v\n", err)
		fmt.Fprintln(stderr, "Run 'cidlc init --help' for usage.")
		return ExitUsage
	}
	switch {
	case *help:
		fmt.Fprint(stdout, initUsageHead)
		fmt.Fprint(stdout, fs.FlagUsages())
		return ExitOK
	case fs.NArg() != 1:
		fmt.Fprintln(stderr, "cidlc init: want one DIR, the new module's directory")
		fmt.Fprintln(stderr, "Usage: cidlc init [flags] DIR. Run 'cidlc init --help' for details.")
		return ExitUsage
	}
	opts.Dir = fs.Arg(0)
	if !*quiet {
		opts.Log = stderr
	}
	if err := scaffold.Write(context.Background(), opts); err != nil {
		fmt.Fprintf(stderr, "cidlc init: %v\n", err)
		return ExitFail
	}
	return ExitOK
}
