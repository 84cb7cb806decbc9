package cidlc

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/cidlc/cidlc/gen/outdir"
	"github.com/cidlc/cidlc/internal/base/paths"
)

// outsideIDL fails if an output would put a Go file where the next run loads the IDL from: the stubs of
// --out-provider=idl/provider would be type-checked as IDL, and every run after the first would fail with
// a diagnostic for each of their functions. Other files (TypeScript, the schema) are harmless there.
func outsideIDL(idlDir string, outs []outdir.Output, staged *outdir.Staged) error {
	idlAbs, err := filepath.Abs(idlDir)
	if err != nil {
		return err
	}
	idl := paths.Real(idlAbs)
	for i, out := range outs {
		abs, err := filepath.Abs(out.Dir)
		if err != nil {
			return err
		}
		dir := paths.Real(abs)
		for _, p := range staged.Files(i) {
			if strings.HasSuffix(p, ".go") && loadedFrom(idl, filepath.Dir(filepath.Join(dir, filepath.FromSlash(p)))) {
				return fmt.Errorf("%s: inside the IDL directory %s, which the next run would load as IDL; generate Go code outside it",
					filepath.ToSlash(filepath.Join(out.Dir, filepath.FromSlash(p))), idlDir)
			}
		}
	}
	return nil
}

// loadedFrom reports whether the Go files of directory dir belong to the packages that `go list ./...`
// finds in root: dir is root or below it, not in a directory the go command skips (testdata, a name
// starting with . or _), and not in a module of its own. Both paths are absolute, links resolved.
func loadedFrom(root, dir string) bool {
	rel, err := filepath.Rel(root, dir)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return false
	}
	if rel == "." {
		return true
	}
	below := root
	for _, elem := range strings.Split(rel, string(filepath.Separator)) {
		if elem == "testdata" || strings.HasPrefix(elem, ".") || strings.HasPrefix(elem, "_") {
			return false
		}
		below = filepath.Join(below, elem)
		if _, err := os.Stat(filepath.Join(below, "go.mod")); err == nil {
			return false
		}
	}
	return true
}
