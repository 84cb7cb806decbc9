package load

import (
	"crypto/sha256"
	"go/ast"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
)

// A load starts with the go command listing the packages (`go list`), then parses and type-checks
// them. The listing is most of the load's time (0.15 of 0.2 s at 1,000 resources, 0.9 of 1.6 s at
// 10,000), and the go command leaves a core idle for much of it; parsing is about as much CPU again,
// spent after the listing. A preparse parses the Go files of the IDL tree meanwhile, as the load will
// (ParseFile), and hands the load what it parsed when the load asks for a file it read the same bytes
// of (the same SHA-256; the preparse keeps no source, which would add the whole tree's size to the
// load's peak memory): the result is the one the load would have had, only earlier. A file the load
// never asks for (a test, a file other build tags select) is parsed in vain; one it asks for before the
// preparse got to it, or whose bytes changed in between, is parsed by the load as before.
type preparse struct {
	fset   *token.FileSet
	listed chan struct{}         // closed once files is complete
	files  map[string]*preparsed // by absolute name; written only before listed is closed
	stop   atomic.Bool
	done   sync.WaitGroup
}

// preparsed is one file of a preparse: parsed once, by the preparse or by the load, whichever asks
// first; the other waits for it.
type preparsed struct {
	once  sync.Once
	sum   [sha256.Size]byte // of the source parsed
	read  bool              // the source could be read
	file  *ast.File
	err   error
	taken atomic.Bool // the load has its syntax tree, which no other package may share
}

// startPreparse starts listing the Go files that `go list ./...` in root may name, and parsing them on
// all cores but one, the go command's; it returns at once, so that the go command starts at once too.
func startPreparse(fset *token.FileSet, root string) *preparse {
	p := &preparse{fset: fset, listed: make(chan struct{}), files: map[string]*preparsed{}}
	p.done.Go(func() {
		names := p.list(root)
		close(p.listed)
		var next atomic.Int64
		for range max(1, runtime.GOMAXPROCS(0)-1) {
			p.done.Go(func() {
				for !p.stop.Load() {
					i := int(next.Add(1) - 1)
					if i >= len(names) {
						return
					}
					f := p.files[names[i]]
					f.once.Do(func() {
						src, err := os.ReadFile(names[i])
						if err != nil {
							return
						}
						f.sum, f.read = sha256.Sum256(src), true
						f.file, f.err = ParseFile(p.fset, names[i], src)
					})
				}
			})
		}
	})
	return p
}

// list walks root for the Go files of ./..., records them in p.files and returns their names, in the
// order of the walk.
func (p *preparse) list(root string) []string {
	var names []string
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // the load says what is wrong with it, if anything
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (outsidePattern(name) || isModuleRoot(path)) {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") && d.Type().IsRegular() {
			names = append(names, path)
			p.files[path] = &preparsed{}
		}
		return nil
	})
	return names
}

// isModuleRoot says whether dir holds a go.mod: a module of its own, which ./... does not reach into.
func isModuleRoot(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "go.mod"))
	return err == nil
}

// parse is ParseFile for the load, of src whose SHA-256 is sum: what the preparse parsed of filename,
// when it parsed these very bytes and no package has that syntax tree yet; else a parse of its own.
func (p *preparse) parse(fset *token.FileSet, filename string, src []byte, sum [sha256.Size]byte) (*ast.File, error) {
	<-p.listed
	f := p.files[filename]
	if f == nil || fset != p.fset {
		return ParseFile(fset, filename, src)
	}
	f.once.Do(func() {
		f.sum, f.read = sum, true
		f.file, f.err = ParseFile(p.fset, filename, src)
	})
	if f.read && f.sum == sum && f.taken.CompareAndSwap(false, true) {
		return f.file, f.err
	}
	return ParseFile(fset, filename, src)
}

// finish stops the preparse, waits for the files being parsed, and lets go of what it parsed: the load
// keeps the syntax trees it took, and the others (files it never asked for) are garbage.
func (p *preparse) finish() {
	p.stop.Store(true)
	p.done.Wait()
	p.files = nil
}
