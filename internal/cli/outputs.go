package cli

import (
	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/gen/gostub"
	"github.com/cidlc/cidlc/gen/typescript"
)

// outputs turns the output flags into the backends to run, in a fixed order.
func outputs(opts options) ([]gen.Output, error) {
	var outs []gen.Output
	if opts.outPack != "" && newPackBackend != nil {
		outs = append(outs, gen.Output{Dir: opts.outPack, Backend: newPackBackend()})
	}
	if opts.outProvider != "" && newProviderBackend != nil {
		b, err := newProviderBackend(opts.outProvider)
		if err != nil {
			return nil, err
		}
		outs = append(outs, gen.Output{Dir: opts.outProvider, Backend: b})
	}
	return outs, nil
}

// The backends of the output flags. The Go stubs need the import path of their output directory, to import
// the stubs of one IDL package from another; it comes from the go.mod that contains the directory.
var (
	newPackBackend     = func() gen.Backend { return typescript.Backend{} }
	newProviderBackend = func(dir string) (gen.Backend, error) { return gostub.ForDir(dir) }
)
