package typescript

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/base/parallel"
)

// Backend generates the TypeScript package. The zero value is ready to use: a package of no release.
type Backend struct {
	// Release is the release the package belongs to: with a version, package.json carries it (and the
	// "pulumi" section that names the plugin), and every resource asks the engine for the plugin of
	// that version, from its download URL, through _utilities.ts.
	Release gen.Release
}

// Name returns "typescript".
func (Backend) Name() string { return "typescript" }

// Generate returns every file of the package generated from pkg: one .ts per IDL file that declares
// something, an index.ts per directory, _contracts.ts when the IDL has contracts, the modules of the
// provider's configuration when it has one (see config.go), _utilities.ts when the package's classes
// take the release's options, and package.json, tsconfig.json, .prettierrc.json and .gitignore.
func (b Backend) Generate(tree *model.Tree) ([]*gen.File, error) {
	return b.generate(tree, nil)
}

// Stream implements gen.Streamer: it hands each file to emit as soon as it is rendered, from the
// goroutines that render them.
func (b Backend) Stream(tree *model.Tree, emit func(*gen.File)) error {
	_, err := b.generate(tree, emit)
	return err
}

var _ gen.Streamer = Backend{}

// A module is one file of the package that a declaration file or a barrel of the IDL becomes: rendered
// on its own, from the model, the names and the release, which it only reads. Its content is appended to
// dst (see renderFile).
type module func(dst []byte) (*gen.File, *importSet, error)

// generate renders the package. With emit, it hands each file over as it is rendered and returns none;
// without, it returns them in Generate's order.
//
// The modules of the IDL's files and barrels are rendered in parallel, one goroutine per core (most of
// the backend's work, and independent of each other); the files that depend on what they use (the
// runtimes of contracts, barrels and releases) come after. An error is the first in the order of the
// modules, so that the outcome does not depend on scheduling.
func (b Backend) generate(tree *model.Tree, emit func(*gen.File)) ([]*gen.File, error) {
	dirs := packageDirs(tree)
	names, provider, err := validateNames(tree, dirs)
	if err != nil {
		return nil, err
	}
	var modules []module
	for _, dir := range slices.Sorted(maps.Keys(dirs)) {
		d := dirs[dir]
		for _, f := range d.files {
			modules = append(modules, func(dst []byte) (*gen.File, *importSet, error) {
				g := newFileGen(tree, names, b.Release, tsPath(f), f)
				defer g.done()
				if _, err := g.declarations(); err != nil {
					return nil, nil, fmt.Errorf("%s: %w", f.Path, err)
				}
				content, err := g.content(dst, f.Path)
				if err != nil {
					return nil, nil, fmt.Errorf("%s: %w", f.Path, err)
				}
				return &gen.File{Path: tsPath(f) + ".ts", Content: content}, g.scope, nil
			})
		}
		// The declarations of an index.go are the barrel's own, and may use contracts too.
		modules = append(modules, func(dst []byte) (*gen.File, *importSet, error) {
			content, scope, err := barrel(dst, tree, names, provider, b.Release, dirs, d)
			if err != nil {
				return nil, nil, fmt.Errorf("%s: %w", path.Join(dir, "index.ts"), err)
			}
			return &gen.File{Path: path.Join(dir, "index.ts"), Content: content}, scope, nil
		})
	}
	files, scopes, err := renderModules(modules, emit)
	if err != nil {
		return nil, err
	}
	usesContracts, usesUtilities, usesLazy := false, false, false
	uses := func(scope *importSet) {
		usesContracts = usesContracts || scope.contracts
		usesUtilities = usesUtilities || scope.utilities
		usesLazy = usesLazy || scope.lazy
	}
	for _, scope := range scopes {
		uses(scope)
	}
	keep := func(f *gen.File) {
		if emit != nil {
			emit(f)
		} else {
			files = append(files, f)
		}
	}
	if c := tree.Config; c != nil {
		config, configScopes, err := configFiles(tree, names, provider, b.Release, c)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c.File.Path, err)
		}
		for _, f := range config {
			keep(f)
		}
		for _, scope := range configScopes {
			uses(scope)
		}
	}
	if usesContracts {
		// The runtime of contracts, only in packages whose IDL has some.
		content, err := renderFile(nil, "contracts.ts", fileView{Header: gen.Header}, nil)
		if err != nil {
			return nil, err
		}
		keep(&gen.File{Path: contractsFile + ".ts", Content: content})
	}
	if usesLazy {
		// The runtime of the barrels' lazy re-exports, in packages whose barrels re-export values.
		content, err := renderFile(nil, "lazy.ts", fileView{Header: gen.Header}, nil)
		if err != nil {
			return nil, err
		}
		keep(&gen.File{Path: lazyFile + ".ts", Content: content})
	}
	if usesUtilities {
		content, err := renderFile(nil, "utilities.ts", utilitiesView{Header: gen.Header, Release: b.Release}, nil)
		if err != nil {
			return nil, err
		}
		keep(&gen.File{Path: utilitiesFile + ".ts", Content: content})
	}
	slices.SortFunc(files, func(a, b *gen.File) int { return strings.Compare(a.Path, b.Path) })
	extra, err := packageFiles(tree, b.Release)
	if err != nil {
		return nil, err
	}
	for _, f := range extra {
		keep(f)
	}
	return files, nil
}

// renderModules renders modules on as many goroutines as there are cores, and returns the scope of
// each, in order, and their files (none with emit, which takes each as it is rendered, from a buffer
// that the next module reuses). The error is the first module's that failed.
func renderModules(modules []module, emit func(*gen.File)) ([]*gen.File, []*importSet, error) {
	type result struct {
		file  *gen.File
		scope *importSet
		err   error
	}
	results := make([]result, len(modules))
	parallel.For(len(modules), func(i int) {
		r := &results[i]
		if emit == nil {
			r.file, r.scope, r.err = modules[i](nil)
			return
		}
		buf := contentBuffers.Get().(*[]byte)
		defer contentBuffers.Put(buf)
		r.file, r.scope, r.err = modules[i](*buf)
		if r.err == nil {
			emit(r.file)
			*buf = r.file.Content[:0]
			r.file = nil
		}
	})

	var files []*gen.File
	scopes := make([]*importSet, 0, len(modules))
	for _, r := range results {
		if r.err != nil {
			return nil, nil, r.err
		}
		if r.file != nil {
			files = append(files, r.file)
		}
		scopes = append(scopes, r.scope)
	}
	return files, scopes, nil
}

// Key implements gen.Keyer: the package's files depend on the model and the release.
func (b Backend) Key() string {
	return "typescript " + strconv.Quote(b.Release.Version) + " " + strconv.Quote(b.Release.PluginDownloadURL)
}
