package outdir

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/base/paths"
)

// Output is one output directory and the backend that fills it: one --out-* flag.
type Output struct {
	// Dir is the output directory, relative to the working directory or absolute. It need not exist.
	Dir string
	// Backend generates the directory's files.
	Backend gen.Backend
}

// Result is what one backend generated for one output directory, still in memory.
type Result struct {
	// Dir is Output.Dir.
	Dir string
	// Backend is the backend's name, for messages.
	Backend string
	// Files are the generated files, sorted by Path. The manifest is not among them: Write and Check add it.
	Files []*gen.File
}

// Generate runs the backend of every output and returns their files. It fails if any backend fails or
// returns an unusable file set (a path that is absolute, contains "..", or appears twice), reporting every
// such backend; it never touches the disk.
func Generate(tree *model.Tree, outs []Output) ([]Result, error) {
	results := make([]Result, len(outs))
	for i, out := range outs {
		results[i] = Result{Dir: out.Dir, Backend: out.Backend.Name()}
	}
	if err := validateDirs(results); err != nil {
		return nil, err
	}
	// The backends run at the same time: they only read the model, and while one of them waits for
	// its slowest goroutine another keeps the cores busy. Errors keep the order of outs.
	outErrs := make([][]error, len(outs))
	var wg sync.WaitGroup
	for i, out := range outs {
		wg.Go(func() {
			r := &results[i]
			files, err := out.Backend.Generate(tree)
			if err != nil {
				outErrs[i] = []error{fmt.Errorf("%s: backend %s: %w", r.Dir, r.Backend, err)}
				return
			}
			// A copy, so that sorting does not reorder the backend's own slice, with every file's content
			// in memory.
			r.Files = make([]*gen.File, len(files))
			for j, f := range files {
				content, err := fileContent(f)
				if err != nil {
					outErrs[i] = []error{fmt.Errorf("%s: backend %s: %s: %w", r.Dir, r.Backend, f.Path, err)}
					return
				}
				r.Files[j] = &gen.File{Path: f.Path, Content: content}
			}
			slices.SortFunc(r.Files, func(a, b *gen.File) int { return cmp.Compare(a.Path, b.Path) })
			outErrs[i] = validateFiles(r.Dir, r.Backend, r.Files)
		})
	}
	wg.Wait()
	errs := slices.Concat(outErrs...)
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return results, nil
}

// validateDirs rejects two outputs in the same directory, whether named alike or through a symbolic link:
// each directory has one manifest, written by one backend, and two backends sharing it would each delete
// the other's files. (Nested output directories are fine; each manages its own files.)
func validateDirs(results []Result) error {
	seen := make(map[string]string, len(results))
	for _, r := range results {
		abs, err := filepath.Abs(r.Dir)
		if err != nil {
			return fmt.Errorf("%s: %w", r.Dir, err)
		}
		real := paths.Real(abs)
		if first, ok := seen[real]; ok {
			how := ""
			if firstAbs, _ := filepath.Abs(first); firstAbs != abs {
				how = ", through a symbolic link"
			}
			return fmt.Errorf("%s: the same output directory as %s%s; give each output its own", r.Dir, first, how)
		}
		seen[real] = r.Dir
	}
	return nil
}

// validateFiles rejects a file set that cannot be written as it is: bad or duplicate paths, the manifest's
// name, and a path that is both a file and a directory. Each error names the output directory and the
// backend: whichever path it names, the bug is the backend's.
func validateFiles(dir, backend string, files []*gen.File) []error {
	var errs []error
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s: backend %s: %s", dir, backend, fmt.Sprintf(format, args...)))
	}
	seen := make(map[string]bool, len(files))
	for _, f := range files {
		if err := ValidatePath(f.Path); err != nil {
			bad("%q: %v", f.Path, err)
			continue
		}
		switch {
		case f.Path == ManifestName:
			bad("%s: the name of cidlc's manifest; a backend may not generate it", f.Path)
		case seen[f.Path]:
			bad("%s: generated twice", f.Path)
		}
		seen[f.Path] = true
	}
	for _, p := range slices.Sorted(maps.Keys(seen)) {
		for dir := path.Dir(p); dir != "."; dir = path.Dir(dir) {
			if seen[dir] {
				bad("%s: generated as a file, but %s is generated too", dir, p)
			}
		}
	}
	return errs
}

// ValidatePath reports why p cannot be the path of a generated file, or nil. It is what keeps writes inside
// the output directory as far as names go; symbolic links are the planner's business. Whatever reads a
// generated path back from a file (a manifest, a stamp of the up-to-date cache) checks it with this.
func ValidatePath(p string) error {
	switch {
	case p == "":
		return errors.New("empty path")
	case p == ".":
		return errors.New("names the output directory itself")
	case strings.ContainsFunc(p, unicode.IsControl):
		return errors.New("contains a control character")
	case strings.Contains(p, `\`):
		// A separator on Windows: a tree generated on Linux must mean the same there.
		return errors.New("contains a backslash; use slashes")
	case path.IsAbs(p) || filepath.IsAbs(filepath.FromSlash(p)) || filepath.VolumeName(filepath.FromSlash(p)) != "":
		return errors.New("is absolute; paths are relative to the output directory")
	case slices.Contains(strings.Split(p, "/"), ".."):
		return errors.New(`contains ".."; paths may not leave the output directory`)
	case path.Clean(p) != p:
		return fmt.Errorf("is not clean; want %q", path.Clean(p))
	case strings.HasSuffix(p, noHeaderMark):
		return fmt.Errorf("ends with %q, which marks files without header in cidlc's manifest", noHeaderMark)
	}
	return nil
}

// fileContent returns f's content, writing it into memory if the file is written (gen.File.Write).
func fileContent(f *gen.File) ([]byte, error) {
	if f.Write == nil || f.Content != nil {
		return f.Content, nil
	}
	var b bytes.Buffer
	err := f.Write(&b)
	return b.Bytes(), err
}
