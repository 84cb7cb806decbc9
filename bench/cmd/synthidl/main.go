// Command synthidl writes a synthetic IDL tree for benchmarking cidlc (see package
// internal/testsupport/synth).
//
//	go run ./bench/cmd/synthidl -n 1000 -m 50 -seed 1 \
//		-module github.com/cidlc/cidlc/.cache/synth1000 -out .cache/synth1000
//
// -module must be the import path -out has in its module, or the generated packages cannot import each
// other. An earlier synthetic tree in -out is replaced; any other non-empty directory is refused.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/cidlc/cidlc/internal/testsupport/synth"
)

func main() {
	var opts synth.Options
	flag.IntVar(&opts.Resources, "n", 100, "number of resources")
	flag.IntVar(&opts.Packages, "m", 10, "number of packages the resources are spread over")
	flag.Int64Var(&opts.Seed, "seed", 1, "seed of the random shapes; the same flags give the same tree")
	flag.StringVar(&opts.Module, "module", "", "import path of the output directory (required)")
	out := flag.String("out", "", "output directory (required)")
	flag.Parse()
	if *out == "" || opts.Module == "" || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := synth.Write(*out, opts); err != nil {
		fmt.Fprintln(os.Stderr, "synthidl:", err)
		os.Exit(1)
	}
}
