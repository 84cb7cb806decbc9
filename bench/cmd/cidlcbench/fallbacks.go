package main

import (
	"fmt"
	"io"
	"slices"
	"sync"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/gen/gostub"
	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/internal/base/gomod"
)

// layoutFallbacks generates the Go stubs of the IDL in idl for the provider directory provider, in this
// process and as cidlc does, and returns the stub files that package layout refused and go/format laid
// out instead, each with where layout stopped. A fallback changes no byte, only the time a run takes:
// the count is a budget (0 on every tree), and the list says where to teach layout (docs/gostub.md).
func layoutFallbacks(idl, provider string) ([]string, error) {
	tree, err := load.Load(load.Config{Dir: idl})
	if err != nil {
		return nil, err
	}
	importPath, err := gomod.ImportPath(provider)
	if err != nil {
		return nil, err
	}
	var mu sync.Mutex
	var refused []string
	backend := gostub.New(gostub.Options{ImportPath: importPath, Fallback: func(path string, why error) {
		mu.Lock()
		defer mu.Unlock()
		refused = append(refused, path+": "+why.Error())
	}})
	if err := backend.Stream(tree, func(*gen.File) {}); err != nil {
		return nil, err
	}
	slices.Sort(refused)
	return refused, nil
}

// fallbacksShown is how many of a tree's fallbacks the report lists.
const fallbacksShown = 10

// writeFallbacks lists the fallbacks of the trees that have any, below the budgets.
func writeFallbacks(w io.Writer, results []result) {
	for _, r := range results {
		if len(r.fallbacks) == 0 {
			continue
		}
		fmt.Fprintf(w, "\nStub files of %s that package layout refused (go/format laid them out; docs/gostub.md says how to teach layout a construct):\n\n", r.tree.name)
		for _, f := range r.fallbacks[:min(len(r.fallbacks), fallbacksShown)] {
			fmt.Fprintf(w, "- %s\n", f)
		}
		if n := len(r.fallbacks) - fallbacksShown; n > 0 {
			fmt.Fprintf(w, "- and %d more\n", n)
		}
	}
}
