// Package compilecheck proves that generated trees compile, many at a time: Go provider stubs with the
// real go build and go vet against the pinned Pulumi SDK, TypeScript packages with the real tsc against
// the pinned @pulumi/pulumi (see package nodetest). It is for tests only.
//
// A test collects trees in a Batch, then checks them all with one go build, one go vet and one tsc:
//
//	b := compilecheck.New(t)
//	for i, pkg := range models {
//		if err := b.Add(fmt.Sprintf("tree%d", i), pkg); err != nil { // both backends, in memory
//			t.Fatal(err)
//		}
//	}
//	if fails := b.Check(); len(fails) > 0 {
//		t.Fatal(fails) // each failure names its tree, the tool and the tool's own lines
//	}
//
// AddGo and AddPack take files a test generated itself (gen.File, as the backends return them); a Go
// tree must then be generated with GoImportPath(tree) as gostub's import path, because the stubs of an
// IDL sub-package import their parent's by that path.
//
// Why one batch: every go invocation pays for loading the module graph and checking the build cache of
// the Pulumi SDK (seconds), and tsc pays for parsing @pulumi/pulumi's declarations (seconds); a hundred
// trees checked one by one would spend minutes on that alone. Checked together, the cost is paid once and
// the go command compiles the trees' packages in parallel.
//
// Where the trees go: the Go trees must be inside cidlc's module, so that their imports of
// github.com/cidlc/cidlc/provider and of the Pulumi SDK resolve through the module's go.mod exactly as
// the example provider's do. New puts them in a fresh scratch directory testdata/scratch-* below the
// test's package directory (testsupport.ScratchDir), which `./...` patterns never match and which is
// removed when the test ends. The TypeScript packages go to a temporary directory whose node_modules is
// tstest's.
//
// The TypeScript packages are checked as one program, with the compiler options of the packages' own
// tsconfig.json (all of them must agree) plus noEmit: tsc type-checks each file once either way, and
// every package keeps its own package.json, so module resolution is what it is for a lone package.
// Node parts are skipped (and the skip logged) under -short and where node or npm is missing, as in
// gen/typescript's tests; the Go parts always run, so a test that must stay fast under -short skips
// itself.
package compilecheck

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/gen/gostub"
	"github.com/cidlc/cidlc/gen/outdir"
	"github.com/cidlc/cidlc/gen/typescript"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/base/gomod"
	"github.com/cidlc/cidlc/internal/testsupport"
	"github.com/cidlc/cidlc/internal/testsupport/nodetest"
)

// Batch is a set of generated trees to check together. Its methods must be called from the test's
// goroutine; Check once, after every Add.
type Batch struct {
	t testing.TB
	// goDir is the scratch directory of the Go trees, relative to the test's working directory (so that
	// the go command prints paths below it as they are) and goImport its import path.
	goDir, goImport string
	// tsDir is the scratch directory of the TypeScript packages.
	tsDir string
	// goTrees and packs are the names of the trees added, in order.
	goTrees, packs []string
	// tsFiles are the .ts files of every package, relative to tsDir.
	tsFiles []string
	// tsOptions are the compilerOptions of the packages' tsconfig.json, and tsOptionsFrom the package
	// they were first read from.
	tsOptions     map[string]any
	tsOptionsFrom string
}

// New returns an empty batch whose scratch directories t removes when it ends.
func New(t testing.TB) *Batch {
	t.Helper()
	goDir := testsupport.ScratchDir(t)
	goImport, err := gomod.ImportPath(goDir)
	if err != nil {
		t.Fatalf("compilecheck: the test's directory must be inside cidlc's module: %v", err)
	}
	return &Batch{t: t, goDir: filepath.ToSlash(goDir), goImport: goImport, tsDir: t.TempDir()}
}

// treeName is what a tree name may be: one element of a Go import path and of a file path, which the go
// command does not ignore (as it ignores names starting with . or _).
var treeName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]*$`)

func (b *Batch) checkName(tree string, taken []string) {
	b.t.Helper()
	switch {
	case !treeName.MatchString(tree) || tree == "testdata" || tree == "vendor" || tree == "node_modules":
		b.t.Fatalf("compilecheck: tree name %q: use letters, digits, _ and -, starting with a letter or digit", tree)
	case slices.Contains(taken, tree):
		b.t.Fatalf("compilecheck: tree %q added twice", tree)
	}
}

// GoImportPath returns the import path that the Go tree named tree will have: the ImportPath to give
// gostub when generating it for AddGo.
func (b *Batch) GoImportPath(tree string) string {
	return path.Join(b.goImport, tree)
}

// Add generates the TypeScript package and the Go stubs of pkg in memory, with the backends the CLI runs
// for --out-pack and --out-provider, and adds both under the name tree. It returns the backends' error,
// if any, and adds nothing then.
func (b *Batch) Add(name string, tree *model.Tree) error {
	b.t.Helper()
	results, err := outdir.Generate(tree, []outdir.Output{
		{Dir: "pack", Backend: typescript.Backend{}},
		{Dir: "provider", Backend: gostub.New(gostub.Options{ImportPath: b.GoImportPath(name), VerifyLayout: true})},
	})
	if err != nil {
		return err
	}
	b.AddPack(name, results[0].Files)
	b.AddGo(name, results[1].Files)
	return nil
}

// AddGo adds a tree of Go stubs, generated with GoImportPath(tree) as their import path.
func (b *Batch) AddGo(tree string, files []*gen.File) {
	b.t.Helper()
	b.checkName(tree, b.goTrees)
	b.goTrees = append(b.goTrees, tree)
	b.write(filepath.Join(b.goDir, tree), files)
}

// AddPack adds a TypeScript package: its .ts files and its package.json and tsconfig.json, as the
// typescript backend generates them.
func (b *Batch) AddPack(tree string, files []*gen.File) {
	b.t.Helper()
	b.checkName(tree, b.packs)
	b.packs = append(b.packs, tree)
	b.write(filepath.Join(b.tsDir, tree), files)
	for _, f := range files {
		switch {
		case strings.HasSuffix(f.Path, ".ts"):
			b.tsFiles = append(b.tsFiles, tree+"/"+f.Path)
		case f.Path == "tsconfig.json":
			var config struct {
				CompilerOptions map[string]any `json:"compilerOptions"`
			}
			if err := json.Unmarshal(f.Content, &config); err != nil {
				b.t.Fatalf("compilecheck: %s/tsconfig.json: %v", tree, err)
			}
			if b.tsOptions == nil {
				b.tsOptions, b.tsOptionsFrom = config.CompilerOptions, tree
			} else if !jsonEqual(b.tsOptions, config.CompilerOptions) {
				b.t.Fatalf("compilecheck: the compilerOptions of %s/tsconfig.json differ from those of %s/tsconfig.json; one tsc run cannot check both", tree, b.tsOptionsFrom)
			}
		}
	}
}

func jsonEqual(a, b any) bool {
	x, errX := json.Marshal(a)
	y, errY := json.Marshal(b)
	return errX == nil && errY == nil && bytes.Equal(x, y)
}

// write writes files below dir.
func (b *Batch) write(dir string, files []*gen.File) {
	b.t.Helper()
	for _, f := range files {
		if !filepath.IsLocal(filepath.FromSlash(f.Path)) {
			b.t.Fatalf("compilecheck: %s: a generated file with a bad path: %q", dir, f.Path)
		}
		name := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
			b.t.Fatal(err)
		}
		if err := os.WriteFile(name, f.Content, 0o666); err != nil {
			b.t.Fatal(err)
		}
	}
}

// A Failure is what one tool said about one tree.
type Failure struct {
	// Tree is the tree's name; "" for output that names no tree (the tool failed to start, say).
	Tree string
	// Tool is the command: "go build", "go vet" or "tsc".
	Tool string
	// Output is the tool's lines about the tree, with the paths it printed (below the scratch
	// directories, so the tree's name is in them).
	Output string
}

func (f Failure) String() string {
	tree := f.Tree
	if tree == "" {
		tree = "(no tree)"
	}
	return fmt.Sprintf("%s: %s:\n%s", tree, f.Tool, strings.TrimRight(f.Output, "\n"))
}

// Failures are the failures of a Check, sorted by tree, then tool. An empty Failures means every tree
// compiled.
type Failures []Failure

func (fs Failures) Error() string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = f.String()
	}
	return strings.Join(parts, "\n")
}

// Trees returns the names of the trees that failed, each once, sorted; "" stands for output that named
// no tree.
func (fs Failures) Trees() []string {
	var trees []string
	for _, f := range fs {
		trees = append(trees, f.Tree)
	}
	slices.Sort(trees)
	return slices.Compact(trees)
}

// Check runs go build and go vet over every Go tree and tsc --noEmit over every TypeScript package, and
// returns what failed. The Go tools and tsc run at the same time: the go command keeps the cores busy
// with compiling, tsc mostly with one. A tool that cannot run at all (no go command) fails the test.
func (b *Batch) Check() Failures {
	b.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	if deadline, ok := b.t.(interface{ Deadline() (time.Time, bool) }); ok {
		if d, ok := deadline.Deadline(); ok {
			// Stop in time to report, before go test kills everything.
			ctx, cancel = context.WithDeadline(context.Background(), d.Add(-10*time.Second))
		}
	}
	defer cancel()

	var mu sync.Mutex
	var fails Failures
	var wg sync.WaitGroup
	if len(b.packs) > 0 {
		if why := nodetest.Skip(); why != "" {
			b.t.Logf("compilecheck: %d TypeScript packages not type-checked: %s", len(b.packs), why)
		} else {
			tools := nodetest.Tools(b.t)
			wg.Go(func() {
				f := b.tsc(ctx, tools)
				mu.Lock()
				fails = append(fails, f...)
				mu.Unlock()
			})
		}
	}
	if len(b.goTrees) > 0 {
		pattern := "./" + b.goDir + "/..."
		// Optimizations off for the trees' own packages: whether code compiles is decided before the
		// optimizer runs, and without it the compiler takes half the time (stubs instantiate many
		// generic functions). Everything else keeps the flags of any other build, so the cached builds
		// of the runtime and the SDK serve; go vet takes the same flags to reuse go build's work.
		gcflags := "-gcflags=" + pattern + "=-N -l"
		for _, tool := range []string{"build", "vet"} {
			f := b.run(ctx, "go "+tool, b.goDir, "", "go", tool, gcflags, pattern)
			mu.Lock()
			fails = append(fails, f...)
			mu.Unlock()
		}
	}
	wg.Wait()
	slices.SortStableFunc(fails, func(a, b Failure) int {
		return strings.Compare(a.Tree+"\x00"+a.Tool, b.Tree+"\x00"+b.Tool)
	})
	return fails
}

// tsc type-checks every package as one program through a tsconfig.json in tsDir.
func (b *Batch) tsc(ctx context.Context, tools string) Failures {
	if err := os.Symlink(filepath.Join(tools, "node_modules"), filepath.Join(b.tsDir, "node_modules")); err != nil {
		return Failures{{Tool: "tsc", Output: err.Error()}}
	}
	options := map[string]any{}
	for k, v := range b.tsOptions {
		options[k] = v
	}
	// Nothing is emitted, so where output would go does not matter.
	for _, k := range []string{"outDir", "rootDir", "declaration", "stripInternal"} {
		delete(options, k)
	}
	options["noEmit"] = true
	config, err := json.MarshalIndent(map[string]any{"compilerOptions": options, "files": b.tsFiles}, "", "  ")
	if err != nil {
		return Failures{{Tool: "tsc", Output: err.Error()}}
	}
	if err := os.WriteFile(filepath.Join(b.tsDir, "tsconfig.json"), config, 0o666); err != nil {
		return Failures{{Tool: "tsc", Output: err.Error()}}
	}
	return b.run(ctx, "tsc", "", b.tsDir, "node", nodetest.TSC(tools), "-p", ".", "--pretty", "false")
}

// run runs a tool in dir and splits what it printed by tree: a line belongs to the tree whose directory
// it names (below prefix, which is "" when the tool prints paths relative to the scratch directory), and
// a line that names none to the tree of the line before it (Go's "have/want" lines, tsc's elaborations).
func (b *Batch) run(ctx context.Context, tool, prefix, dir, name string, args ...string) Failures {
	start := time.Now()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	b.t.Logf("compilecheck: %s: %d trees, %v", tool, max(len(b.goTrees), len(b.packs)), time.Since(start).Round(10*time.Millisecond))
	if err == nil {
		return nil
	}
	if _, exited := err.(*exec.ExitError); !exited || ctx.Err() != nil {
		return Failures{{Tool: tool, Output: fmt.Sprintf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out.Bytes())}}
	}
	byTree := map[string]*strings.Builder{}
	var order []string
	tree := ""
	for line := range strings.Lines(out.String()) {
		if t, ok := b.treeOf(line, prefix); ok {
			tree = t
		}
		if byTree[tree] == nil {
			byTree[tree] = &strings.Builder{}
			order = append(order, tree)
		}
		byTree[tree].WriteString(line)
	}
	var fails Failures
	for _, t := range order {
		fails = append(fails, Failure{Tree: t, Tool: tool, Output: byTree[t].String()})
	}
	if len(fails) == 0 {
		fails = Failures{{Tool: tool, Output: fmt.Sprintf("%s %s: %v", name, strings.Join(args, " "), err)}}
	}
	return fails
}

// treeOf returns the tree whose directory line names: prefix/TREE/ anywhere in the line, or with an empty
// prefix, TREE/ at its start (after the "vet: " of go vet).
func (b *Batch) treeOf(line, prefix string) (string, bool) {
	var rest string
	if prefix == "" {
		rest = line
	} else {
		i := strings.Index(line, prefix+"/")
		if i < 0 {
			return "", false
		}
		rest = line[i+len(prefix)+1:]
	}
	name, _, ok := strings.Cut(rest, "/")
	if !ok {
		// The package of the tree's root directory: "# .../scratch-123/tree".
		name = strings.TrimSpace(rest)
	}
	trees := b.packs
	if prefix != "" {
		trees = b.goTrees
	}
	if slices.Contains(trees, name) {
		return name, true
	}
	return "", false
}
