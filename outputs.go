package cidlc

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/gen/gostub"
	"github.com/cidlc/cidlc/gen/outdir"
	"github.com/cidlc/cidlc/gen/pulumischema"
	"github.com/cidlc/cidlc/gen/typescript"
	"github.com/cidlc/cidlc/internal/base/gomod"
)

// outputs turns the output options into the backends to run, in a fixed order.
func (opts Options) outputs() ([]outdir.Output, error) {
	release, err := gen.NewRelease(opts.Version, opts.PluginDownloadURL)
	if err != nil {
		return nil, err
	}
	var outs []outdir.Output
	if opts.Pack != "" {
		outs = append(outs, outdir.Output{Dir: opts.Pack, Backend: typescript.Backend{Release: release}})
	}
	if opts.Provider != "" {
		// The stubs of one IDL package import those of another, by the import path of the output
		// directory, which its go.mod gives.
		p, err := gomod.ImportPath(opts.Provider)
		if err != nil {
			return nil, err
		}
		outs = append(outs, outdir.Output{Dir: opts.Provider, Backend: gostub.New(gostub.Options{ImportPath: p, Release: release})})
	}
	if opts.Schema != "" {
		dir, file := filepath.Split(opts.Schema)
		if file == "" {
			return nil, errors.New("--out-schema names a file, not a directory: " + opts.Schema)
		}
		if dir == "" {
			dir = "."
		}
		m := opts.SchemaMeta
		for key := range m {
			if !slices.Contains(SchemaMetaKeys, key) {
				return nil, fmt.Errorf("--schema-meta: unknown key %q; the keys are %s", key, strings.Join(SchemaMetaKeys, ", "))
			}
		}
		b := pulumischema.Backend{Options: pulumischema.Options{
			File: file, Release: release,
			Homepage: m["homepage"], Repository: m["repository"], License: m["license"], Publisher: m["publisher"],
			DisplayName: m["displayName"], GoImportPath: m["goImportPath"], NPMPackage: m["npmPackage"],
		}}
		outs = addTo(outs, dir, b)
	}
	return outs, nil
}

// addTo adds backend b writing into dir. When another output already writes into dir (the schema inside
// the TypeScript package, say), b joins it: each output directory has one owner and one manifest.
func addTo(outs []outdir.Output, dir string, b gen.Backend) []outdir.Output {
	abs, _ := filepath.Abs(dir)
	for i, out := range outs {
		if other, _ := filepath.Abs(out.Dir); other == abs {
			outs[i].Backend = gen.Join(out.Backend, b)
			return outs
		}
	}
	return append(outs, outdir.Output{Dir: dir, Backend: b})
}
