package outdir

import (
	"cmp"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"slices"
	"sync"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/base/disk"
	"github.com/cidlc/cidlc/internal/base/paths"
)

// StageOptions say what Stage prepares.
type StageOptions struct {
	// Check prepares a comparison (Staged.Check) instead of a write (Staged.Commit): nothing is staged,
	// and the files that differ from the disk are kept for their diffs.
	Check bool
	// Digests keeps the SHA-256 of every file, for the up-to-date cache (Staged.Digests).
	Digests bool
}

// A GenerateError is Stage's error when a backend failed or generated a file set that cannot be
// written as it is (a bad or duplicate path), or when two outputs share a directory: nothing was
// written, and nothing about the disk was decided.
type GenerateError struct{ Err error }

func (e *GenerateError) Error() string { return e.Err.Error() }
func (e *GenerateError) Unwrap() error { return e.Err }

// Stage runs the backend of every output and takes each file as soon as it is generated: it compares
// the file with the disk and, to write, stages it (writes it to a hidden staging directory of its
// output directory; see stageFile); then it keeps only the file's path and digest, so that a run
// never holds all of a large output in memory. A Streamer backend hands its files over one by one; the
// files of any other backend are taken once it returns them.
//
// Nothing in the output directories changes before Commit, which renames the staged files into place:
// if a backend fails (a *GenerateError), or a file in the way is not cidlc's, or a path leaves its
// output directory (errors naming every such path, as Write's), Stage removes what it staged and
// returns the error. Like Write, it takes no lock.
func Stage(tree *model.Tree, outs []Output, opts StageOptions) (*Staged, error) {
	return stage(outs, opts, disk.OS{}, func(i int, emit func(*gen.File)) error {
		return gen.StreamOf(outs[i].Backend, tree, emit)
	})
}

// stageResults stages results generated beforehand, for Write and Check.
func stageResults(results []Result, opts StageOptions, d disk.FS) (*Staged, error) {
	outs := make([]Output, len(results))
	for i, r := range results {
		outs[i] = Output{Dir: r.Dir, Backend: named(r.Backend)}
	}
	s, err := stage(outs, opts, d, func(i int, emit func(*gen.File)) error {
		for _, f := range results[i].Files {
			emit(f)
		}
		return nil
	})
	var ge *GenerateError
	if errors.As(err, &ge) {
		// Write and Check report what Stage calls a backend's fault as their own: the results are the
		// caller's.
		err = ge.Err
	}
	return s, err
}

// named is the name of a backend whose files were generated beforehand.
type named string

func (n named) Name() string                            { return string(n) }
func (named) Generate(*model.Tree) ([]*gen.File, error) { return nil, nil }

// Staged is what Stage prepared: the generated files of every output, each compared with the disk and,
// to write, staged. Commit writes them, Check compares, Discard abandons them.
type Staged struct {
	outs  []*stagedOut
	check bool
	cwd   string
	d     disk.FS
}

// stagedOut is one output directory's part of a Staged.
type stagedOut struct {
	dir, backend string
	s            *Staged
	out          *outDir
	digests      bool

	mu       sync.Mutex
	files    []*staged      // one per generated file, in the order they came; sorted by Stage
	seen     map[string]int // paths generated, for duplicates
	genErrs  []error        // what the backend got wrong
	problems []problem      // why nothing may be written
	reported map[string]bool
	staging  string          // the staging directory, once created
	created  []string        // directories created for it, deepest first
	subtrees map[string]bool // missing directories staged whole, each the topmost of its files' (see stageFile)
	treeDirs map[string]bool // the directories made in the staging tree, absolute, for discard
	stageErr error           // why the staging directory could not be created
	writeErr *problem        // the failure to stage a file, of the first path that failed

	owned     manifest          // the manifest on disk
	manifest  *staged           // the manifest to write, when it differs from the disk's
	mhave     []byte            // the manifest on disk
	msum      [sha256.Size]byte // the digest of the manifest as generated
	removes   []*staged
	unchanged []string // shown paths of files already right, the manifest first
	prune     []string
}

// staged is one generated file, as Stage keeps it: its path, its digest, and what is to be done.
type staged struct {
	rel, abs, show string
	sum            [sha256.Size]byte
	noHeader       bool
	unchanged      bool
	temp           string // the staged content, to rename into place (Commit)
	subtree        string // the missing directory renamed into place with it, or "" (see stageFile)
	want, have     []byte // kept for Check's diff; have is nil for a missing file
}

// problem is a reason not to write, by the path it is about, so that problems are reported in the
// order of their paths whatever the order the files came in.
type problem struct {
	rel string
	err error
}

// problem records why nothing may be written, about the path rel.
func (so *stagedOut) problem(rel string, err error) {
	so.mu.Lock()
	so.problems = append(so.problems, problem{rel, err})
	so.mu.Unlock()
}

// dirProblem records why nothing may be written into the directory rel, once per directory.
func (so *stagedOut) dirProblem(rel string, err error) {
	if err == errBlocked {
		return
	}
	so.mu.Lock()
	defer so.mu.Unlock()
	if so.reported[rel] {
		return
	}
	so.reported[rel] = true
	so.problems = append(so.problems, problem{rel, fmt.Errorf("%s: %w", so.show(so.out.abs(rel)), err)})
}

// show returns abs relative to the working directory, slash-separated, as messages and diff headers
// name it.
func (so *stagedOut) show(abs string) string {
	return paths.RelSlash(so.s.cwd, abs)
}

// stage is Stage with the backends replaced by produce, which hands output i's files to emit, from as
// many goroutines as it likes, and returns the backend's error.
func stage(outs []Output, opts StageOptions, d disk.FS, produce func(i int, emit func(*gen.File)) error) (*Staged, error) {
	cwd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	s := &Staged{check: opts.Check, cwd: cwd, d: d}
	dirs := make([]Result, len(outs))
	for i, out := range outs {
		dirs[i] = Result{Dir: out.Dir, Backend: out.Backend.Name()}
	}
	if err := validateDirs(dirs); err != nil {
		return nil, &GenerateError{err}
	}
	for _, out := range outs {
		so, err := s.open(out.Dir, out.Backend.Name(), opts.Digests)
		if err != nil {
			s.Discard()
			return nil, err
		}
		s.outs = append(s.outs, so)
	}
	// The backends run at the same time: they only read the model, and while one of them waits for its
	// slowest goroutine another keeps the cores busy.
	backendErrs := make([]error, len(outs))
	var wg sync.WaitGroup
	for i := range outs {
		wg.Go(func() {
			so := s.outs[i]
			if err := produce(i, so.take); err != nil {
				backendErrs[i] = fmt.Errorf("%s: backend %s: %w", so.dir, so.backend, err)
			}
		})
	}
	wg.Wait()

	var genErrs []error
	for i, so := range s.outs {
		if backendErrs[i] != nil {
			genErrs = append(genErrs, backendErrs[i])
			continue
		}
		genErrs = append(genErrs, so.finishFiles()...)
	}
	if len(genErrs) > 0 {
		s.Discard()
		return nil, &GenerateError{errors.Join(genErrs...)}
	}
	var problems []error
	for _, so := range s.outs {
		problems = append(problems, so.plan()...)
	}
	if len(problems) > 0 {
		s.Discard()
		return nil, errors.Join(problems...)
	}
	for _, so := range s.outs {
		if so.writeErr != nil {
			s.Discard()
			return nil, so.writeErr.err
		}
	}
	return s, nil
}

// open prepares the output directory dir: it looks at the directory and reads its manifest, which says
// which files without a header are cidlc's, before any file comes.
func (s *Staged) open(dir, backend string, digests bool) (*stagedOut, error) {
	out, err := newOutDir(dir)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, plainError(err))
	}
	so := &stagedOut{dir: dir, backend: backend, s: s, out: out, digests: digests, seen: make(map[string]int),
		reported: make(map[string]bool), subtrees: make(map[string]bool), treeDirs: make(map[string]bool)}
	if e := out.dir(""); e.problem != nil {
		so.problem("", fmt.Errorf("%s: %w", so.show(out.root), e.problem))
		return so, nil
	}
	if out.dir("").state == dirMissing {
		return so, nil
	}
	abs := out.abs(ManifestName)
	have, _, err := disk.ReadFile(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		so.problem(ManifestName, fmt.Errorf("%s: %w", so.show(abs), plainError(err)))
	case !hasHeader(have):
		so.problem(ManifestName, fmt.Errorf("%s: exists and was not generated by cidlc; move it away or delete it", so.show(abs)))
	default:
		so.mhave = have
		if so.owned, err = parseManifest(have); err != nil {
			so.problem(ManifestName, fmt.Errorf("%s: %w", so.show(abs), err))
		}
	}
	return so, nil
}

// finishFiles sorts the files the backend generated and returns what is wrong with the set: paths
// generated twice, or both as a file and as a directory.
func (so *stagedOut) finishFiles() []error {
	slices.SortFunc(so.files, func(a, b *staged) int { return cmp.Compare(a.rel, b.rel) })
	errs := so.genErrs
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s: backend %s: %s", so.dir, so.backend, fmt.Sprintf(format, args...)))
	}
	for _, p := range slices.Sorted(maps.Keys(so.seen)) {
		if so.seen[p] > 1 {
			bad("%s: generated twice", p)
		}
	}
	for _, f := range so.files {
		for dir := path.Dir(f.rel); dir != "."; dir = path.Dir(dir) {
			if so.seen[dir] > 0 {
				bad("%s: generated as a file, but %s is generated too", dir, f.rel)
			}
		}
	}
	return errs
}

// plan works out, once every file is in, what else a write does: the manifest, the removal of owned
// files no longer generated, the directories to create and to prune. It returns every problem, in the
// order of the paths.
func (so *stagedOut) plan() []error {
	if so.out.dirs[""].problem != nil {
		return []error{so.problems[0].err}
	}
	if len(so.problems) == 0 {
		so.planManifest()
		so.planRemovals()
	}
	slices.SortStableFunc(so.problems, func(a, b problem) int { return cmp.Compare(a.rel, b.rel) })
	errs := make([]error, len(so.problems))
	for i, p := range so.problems {
		errs[i] = p.err
	}
	if len(errs) > 0 {
		return errs
	}
	if so.mhave != nil && so.manifest == nil {
		so.unchanged = append(so.unchanged, so.show(so.out.abs(ManifestName)))
	}
	for _, f := range so.files {
		if f.unchanged {
			so.unchanged = append(so.unchanged, f.show)
		}
	}
	return nil
}

// Files returns the paths of the generated files of output i, sorted, relative to its directory.
func (s *Staged) Files(i int) []string {
	so := s.outs[i]
	paths := make([]string, len(so.files))
	for j, f := range so.files {
		paths[j] = f.rel
	}
	return paths
}
