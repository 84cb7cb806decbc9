package gostub

import (
	"encoding/json"
	"errors"
	"path"
	"strings"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/base/parallel"
)

// Import paths of the packages that stubs use.
const (
	runtimePath  = "github.com/cidlc/cidlc/provider"
	resourcePath = "github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	tokensPath   = "github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	assetPath    = "github.com/pulumi/pulumi/sdk/v3/go/common/resource/asset"
	archivePath  = "github.com/pulumi/pulumi/sdk/v3/go/common/resource/archive"
	contextPath  = "context"
)

// Options configure the backend.
type Options struct {
	// ImportPath is the Go import path of the output directory: the stubs of the IDL's root package live
	// there, the stubs of IDL package `ec2` in ImportPath + "/ec2". The run computes it from the output
	// directory's go.mod (package internal/base/gomod).
	ImportPath string
	// Release is the release the stubs belong to: with a version, the root package's stubs declare the
	// plugin's name and version (PluginName, PluginVersion) for the plugin's main to serve.
	Release gen.Release
	// VerifyLayout, for tests, formats every file with go/format too and fails when the fast layout
	// (package gostub/internal/layout) differs from it. It changes no file: it is not part of Key.
	VerifyLayout bool `json:"-"`
	// Fallback, when not nil, hears of each stub file that package layout refused and go/format laid
	// out instead: its path, and why: where in the source layout stopped, and which of its rules
	// stopped there. It is called from the goroutines that render the files, several at once. A
	// fallback changes no byte of the file, only the time it takes; `make bench` counts them, and a
	// test may log them. It is not part of Key.
	Fallback func(path string, refusal error) `json:"-"`
}

// Backend generates Go provider stubs. It implements gen.Backend.
type Backend struct {
	opts Options
}

var _ gen.Streamer = (*Backend)(nil)

// New returns the backend.
func New(opts Options) *Backend {
	return &Backend{opts: opts}
}

// Name returns "gostub".
func (b *Backend) Name() string { return "gostub" }

// Generate returns one `<file>_stub.go` per IDL file, in the model's order.
func (b *Backend) Generate(tree *model.Tree) ([]*gen.File, error) {
	return b.generate(tree, nil)
}

// Stream implements gen.Streamer: it hands each stub file to emit as soon as it is rendered, from the
// goroutines that render them.
func (b *Backend) Stream(tree *model.Tree, emit func(*gen.File)) error {
	_, err := b.generate(tree, emit)
	return err
}

// generate renders the stubs of every IDL package. With emit, it hands each file over as it is rendered
// and returns none; without, it returns them in the model's order.
//
// Packages are rendered in parallel, one goroutine per core: rendering is pure CPU, each IDL package's
// generator is independent, and a large IDL has many packages. Errors keep the model's order, so the
// outcome does not depend on scheduling.
func (b *Backend) generate(tree *model.Tree, emit func(*gen.File)) ([]*gen.File, error) {
	if b.opts.ImportPath == "" {
		return nil, errors.New("gostub: no import path for the output directory")
	}
	type result struct {
		files []*gen.File
		errs  []error
	}
	names, imports := exportedNames(tree), newTreeImports(b.opts.ImportPath, tree)
	results := make([]result, len(tree.Packages))
	parallel.For(len(tree.Packages), func(i int) {
		r := &results[i]
		if emit == nil {
			r.errs = b.packageStubs(tree.Packages[i], names, imports, true, func(f *gen.File) { r.files = append(r.files, f) })
		} else {
			r.errs = b.packageStubs(tree.Packages[i], names, imports, false, emit)
		}
	})

	var files []*gen.File
	var errs []error
	for _, r := range results {
		files = append(files, r.files...)
		errs = append(errs, r.errs...)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return files, nil
}

// packageStubs renders the stub files of one IDL package, handing each to emit. With own, emit keeps
// the files it gets, and each has content of its own; without, emit keeps nothing of a file's content
// once it returns (gen.Streamer), and every file is laid out in the same buffer (buffers.out).
func (b *Backend) packageStubs(pkg *model.Package, names *exported, imports *treeImports, own bool, emit func(*gen.File)) []error {
	mg := newPackageGen(b.opts.Release, pkg, names, imports)
	defer mg.releaseBuffers()
	var errs []error
	for _, f := range pkg.Files {
		var dst []byte
		if !own {
			dst = mg.out[:0]
		}
		name := stubPath(f.Path)
		src, err := mg.stubFile(f, name)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		content, err := mg.layOut(name, src, dst, &b.opts)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if !own {
			mg.out = content
		}
		emit(&gen.File{Path: name, Content: content})
	}
	return errs
}

// stubPath is the output path of the IDL file p: `ec2/securityGroup.go` → `ec2/securityGroup_stub.go`.
func stubPath(p string) string {
	return strings.TrimSuffix(p, ".go") + "_stub.go"
}

// packageImportPath is the import path of the stubs of module m.
func packageImportPath(root string, pkg *model.Package) string {
	return path.Join(root, pkg.Dir)
}

// Key implements gen.Keyer: the options, all of them, as JSON.
func (b *Backend) Key() string {
	data, _ := json.Marshal(b.opts) // strings only: cannot fail
	return string(data)
}
