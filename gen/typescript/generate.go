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
	dirs := packageDirs(tree)
	names, provider, err := validateNames(tree, dirs)
	if err != nil {
		return nil, err
	}
	var files []*gen.File
	usesContracts, usesUtilities := false, false
	uses := func(scope *importSet) {
		usesContracts = usesContracts || scope.contracts
		usesUtilities = usesUtilities || scope.utilities
	}
	for _, dir := range slices.Sorted(maps.Keys(dirs)) {
		d := dirs[dir]
		for _, f := range d.files {
			g := newFileGen(tree, names, b.Release, tsPath(f), f)
			blocks, err := g.declarations()
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f.Path, err)
			}
			content, err := g.content(f.Path, blocks)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f.Path, err)
			}
			files = append(files, &gen.File{Path: tsPath(f) + ".ts", Content: content})
			uses(g.scope)
		}
		// The declarations of an index.go are the barrel's own, and may use contracts too.
		content, scope, err := barrel(tree, names, provider, b.Release, dirs, d)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path.Join(dir, "index.ts"), err)
		}
		uses(scope)
		files = append(files, &gen.File{Path: path.Join(dir, "index.ts"), Content: content})
	}
	if c := tree.Config; c != nil {
		config, scope, err := configFiles(tree, names, provider, b.Release, c)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c.File.Path, err)
		}
		files = append(files, config...)
		uses(scope)
	}
	if usesContracts {
		// The runtime of contracts, only in packages whose IDL has some.
		text, err := render("contracts.ts", fileView{Header: gen.Header})
		if err != nil {
			return nil, err
		}
		files = append(files, &gen.File{Path: contractsFile + ".ts", Content: []byte(text + "\n")})
	}
	if usesUtilities {
		text, err := render("utilities.ts", utilitiesView{Header: gen.Header, Release: b.Release})
		if err != nil {
			return nil, err
		}
		files = append(files, &gen.File{Path: utilitiesFile + ".ts", Content: []byte(text + "\n")})
	}
	slices.SortFunc(files, func(a, b *gen.File) int { return strings.Compare(a.Path, b.Path) })
	extra, err := packageFiles(tree, b.Release)
	if err != nil {
		return nil, err
	}
	return append(files, extra...), nil
}

// Key implements gen.Keyer: the package's files depend on the model and the release.
func (b Backend) Key() string {
	return "typescript " + strconv.Quote(b.Release.Version) + " " + strconv.Quote(b.Release.PluginDownloadURL)
}
