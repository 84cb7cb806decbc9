package gostub

import (
	"errors"
	"path"
	"strings"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/idl/schema"
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
	// there, the stubs of IDL package `ec2` in ImportPath + "/ec2". ImportPath computes it.
	ImportPath string
}

// Backend generates Go provider stubs. It implements gen.Backend.
type Backend struct {
	opts Options
}

var _ gen.Backend = (*Backend)(nil)

// New returns the backend.
func New(opts Options) *Backend {
	return &Backend{opts: opts}
}

// ForDir returns the backend for the output directory dir, with the import path that ImportPath finds
// for it: what --out-provider=dir needs.
func ForDir(dir string) (*Backend, error) {
	p, err := ImportPath(dir)
	if err != nil {
		return nil, err
	}
	return New(Options{ImportPath: p}), nil
}

// Name returns "gostub".
func (b *Backend) Name() string { return "gostub" }

// Generate returns one `<file>_stub.go` per IDL file.
func (b *Backend) Generate(pkg *schema.Package) ([]*gen.File, error) {
	if b.opts.ImportPath == "" {
		return nil, errors.New("gostub: no import path for the output directory")
	}
	var files []*gen.File
	var errs []error
	for _, m := range pkg.Modules {
		mg, err := newModuleGen(b.opts.ImportPath, m)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, f := range m.Files {
			content, err := mg.stubFile(f)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			files = append(files, &gen.File{Path: stubPath(f.Path), Content: content})
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return files, nil
}

// stubPath is the output path of the IDL file p: `ec2/securityGroup.go` → `ec2/securityGroup_stub.go`.
func stubPath(p string) string {
	return strings.TrimSuffix(p, ".go") + "_stub.go"
}

// modulePath is the import path of the stubs of module m.
func modulePath(root string, m *schema.Module) string {
	return path.Join(root, m.Dir)
}
