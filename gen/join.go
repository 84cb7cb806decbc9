package gen

import (
	"errors"
	"fmt"
	"strconv"
	"sync"

	"github.com/cidlc/cidlc/idl/model"
)

// Join returns one backend that generates the files of both a and b, for two outputs that write into
// the same directory (the Pulumi schema inside the TypeScript package): an output directory has one
// backend, which owns its files, and one manifest. It is named "a+b", streams what a Streamer among
// them streams, and is a Keyer when both are.
func Join(a, b Backend) Backend {
	j := joined{a, b}
	if _, ok := a.(Keyer); ok {
		if _, ok := b.(Keyer); ok {
			return keyedJoin{j}
		}
	}
	return j
}

// joined is two backends writing into one directory.
type joined [2]Backend

func (j joined) Name() string { return j[0].Name() + "+" + j[1].Name() }

// Stream implements Streamer: both backends at once, each streaming if it can.
func (j joined) Stream(tree *model.Tree, emit func(*File)) error {
	var errs [2]error
	var wg sync.WaitGroup
	for i, b := range j {
		wg.Go(func() {
			if err := StreamOf(b, tree, emit); err != nil {
				errs[i] = fmt.Errorf("%s: %w", b.Name(), err)
			}
		})
	}
	wg.Wait()
	return errors.Join(errs[:]...)
}

func (j joined) Generate(tree *model.Tree) ([]*File, error) {
	var all []*File
	var errs []error
	for _, b := range j {
		files, err := b.Generate(tree)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", b.Name(), err))
			continue
		}
		all = append(all, files...)
	}
	return all, errors.Join(errs...)
}

// keyedJoin is two Keyers writing into one directory.
type keyedJoin struct{ joined }

func (j keyedJoin) Key() string {
	return strconv.Quote(j.joined[0].(Keyer).Key()) + "+" + strconv.Quote(j.joined[1].(Keyer).Key())
}
