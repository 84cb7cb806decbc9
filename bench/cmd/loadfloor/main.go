// Command loadfloor is the floor cidlc is benchmarked against: the same packages.Load that idl/load does
// (same mode bits, pattern ./... from the IDL directory, the same parser options through load.ParseFile),
// and nothing else: not even the hashing of each source file that idl/load adds to the parse, nor its
// preparse (parsing the IDL's files while the go command lists the packages), which packages.Load alone
// does not do: it is the load any tool built on go/packages pays.
//
//	loadfloor IDL_DIR
//
// It prints the number of packages loaded, so the load cannot be optimized away and a broken tree shows.
package main

import (
	"fmt"
	"go/token"
	"os"
	"path/filepath"

	"golang.org/x/tools/go/packages"

	"github.com/cidlc/cidlc/idl/load"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: loadfloor IDL_DIR")
		os.Exit(2)
	}
	root, err := filepath.Abs(os.Args[1])
	if err == nil {
		root, err = filepath.EvalSymlinks(root)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadfloor:", err)
		os.Exit(1)
	}
	pkgs, err := packages.Load(&packages.Config{Mode: load.Mode, Dir: root, Fset: token.NewFileSet(), ParseFile: load.ParseFile}, "./...")
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadfloor:", err)
		os.Exit(1)
	}
	if packages.PrintErrors(pkgs) > 0 {
		os.Exit(1)
	}
	fmt.Println(len(pkgs), "packages")
}
