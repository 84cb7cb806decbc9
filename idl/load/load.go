// Package load reads an IDL tree from disk, type-checks it with go/packages, checks it against the rules of
// the IDL language (see package idl) and builds its model.Package.
//
// The work happens in passes, each reporting every problem it finds before the next one starts:
//
//  1. load: one packages.Load of the IDL directory and every package below it. Go errors (syntax, types,
//     a directory outside any module) are reported as they are, and stop the load: IDL checks on code that
//     does not type-check would only add noise.
//  2. declare: every top-level declaration is classified (resource, struct, enum, alias, constant) or
//     rejected, and gets its node in the model.
//  3. resolve: struct fields become properties; their Go types become model.Types, with references to
//     the nodes of pass 2.
//  4. validate: rules that need the whole declaration (duplicate wire names, reserved names).
//
// The IDL's marker types (idl.Resource and friends) are found through go/types, by the import path of
// package idl, never by matching strings in the source.
//
// Load never writes anything and never panics on bad input: every problem is a Diagnostic.
package load

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"

	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/base/paths"
)

// IDLPath is the import path of the package IDL authors import for the marker types.
const IDLPath = "github.com/cidlc/cidlc/idl"

// Config says what to load.
type Config struct {
	// Dir is the IDL root directory.
	Dir string
	// Name is the token package name; "" means the Go name of the root package.
	Name string
	// WorkDir is the directory diagnostics are made relative to; "" means the current directory.
	WorkDir string
	// Overlay holds file contents that replace, or add to, the files on disk, by absolute path: what
	// packages.Config.Overlay takes. Dir must exist on disk; the files (and directories below Dir) need
	// not. It lets tests that make many IDLs (the fuzzer) load each without writing it; cidlc itself
	// leaves it nil. Paths are taken as they are: with Dir below a symbolic link, give them below the
	// link's target, as Load resolves Dir.
	Overlay map[string][]byte
	// FileSet is the file set the sources are parsed into; nil means a new one. A caller that parses the
	// files of a previous version for the same run (Previous.ParseEarly) shares it.
	FileSet *token.FileSet
}

// loadMode is what the checker needs: names and files to place the model, syntax for doc comments and
// tags, types to classify fields. Dependencies (package idl, and whatever a bad IDL imports) are
// type-checked from source (NeedDeps) rather than read from export data: export data would make `go list`
// compile every IDL package with the Go compiler first, which costs more than type-checking the tiny
// idl package, and reports each Go error a second time in the compiler's words.
const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
	packages.NeedTypes | packages.NeedTypesInfo | packages.NeedModule | packages.NeedImports | packages.NeedDeps

// Mode is the packages.LoadMode that Load uses, for the benchmark floor (bench/cmd/loadfloor), which
// must do exactly the load cidlc does and nothing else.
const Mode = loadMode

// Load loads, checks and models the IDL tree at cfg.Dir. When the IDL has errors the error is a
// Diagnostics holding all of them, and its warnings; any other error is a failure to run the Go tool
// itself. The warnings of an IDL without errors are the model's Tree.Warnings.
func Load(cfg Config) (*model.Tree, error) {
	l, err := LoadPackages(cfg)
	if err != nil {
		return nil, err
	}
	return l.Model()
}

// Loaded is an IDL tree after pass 1 (the Go load, free of Go errors), before the IDL checks.
type Loaded struct {
	cfg    Config
	wd     string // absolute
	root   string // absolute, links resolved
	fset   *token.FileSet
	pkgs   []*packages.Package
	sums   *sourceSums
	digest []byte
	// show names the files of a previous version of the tree (Loaded.Previous) in positions; nil for
	// the tree on disk.
	show func(filename string) string
}

// LoadPackages runs pass 1: it loads and type-checks the Go packages of the IDL tree. Go errors are
// returned as Diagnostics, like Load's.
func LoadPackages(cfg Config) (*Loaded, error) {
	wd := cfg.WorkDir
	if wd == "" {
		var err error
		if wd, err = os.Getwd(); err != nil {
			return nil, err
		}
	}
	if abs, err := filepath.Abs(wd); err == nil {
		wd = abs
	}
	root, err := filepath.Abs(cfg.Dir)
	if err != nil {
		return nil, err
	}
	shown := paths.Rel(wd, root)
	if info, err := os.Stat(root); err != nil || !info.IsDir() {
		return nil, Diagnostics{{Pos: token.Position{Filename: shown}, Msg: "IDL directory does not exist or is not a directory"}}
	}
	if resolved, err := filepath.EvalSymlinks(root); err == nil {
		root = resolved
	}

	fset := cfg.FileSet
	if fset == nil {
		fset = token.NewFileSet()
	}
	sums := &sourceSums{sums: make(map[string][sha256.Size]byte), loneCRs: make(map[string]token.Position)}
	var pre *preparse
	if len(cfg.Overlay) == 0 {
		// Files the overlay replaces would be parsed in vain.
		pre = startPreparse(fset, root)
		sums.pre = pre
	}
	pkgs, err := packages.Load(&packages.Config{Mode: loadMode, Dir: root, Fset: fset, ParseFile: sums.parseFile, Overlay: cfg.Overlay}, "./...")
	if pre != nil {
		pre.finish()
		sums.pre = nil
	}
	if err != nil {
		return nil, goToolError(shown, err)
	}
	if diags := slices.Concat(goErrors(pkgs, root, shown), lineEndProblems(pkgs, sums), platformFiles(root, cfg.Overlay)); len(diags) > 0 {
		return nil, sortAndRelativize(diags, wd)
	}
	if len(pkgs) == 0 {
		return nil, Diagnostics{{Pos: token.Position{Filename: shown}, Msg: "no Go files in the IDL directory or below it"}}
	}
	return &Loaded{cfg: cfg, wd: wd, root: root, fset: fset, pkgs: pkgs, sums: sums}, nil
}

// Model runs the IDL passes (declare, resolve, validate) and returns the model, or Diagnostics when the
// IDL has errors (its warnings among them). The warnings of an IDL without errors are the model's
// Tree.Warnings.
func (l *Loaded) Model() (*model.Tree, error) {
	c := newBuilder(l.fset, l.root, l.cfg.Name)
	c.run(l.pkgs)
	if l.show != nil {
		for i := range c.diags {
			c.diags[i].Pos.Filename = l.show(c.diags[i].Pos.Filename)
		}
		if c.tree != nil {
			c.tree.EachPosition(func(pos *token.Position) { pos.Filename = l.show(pos.Filename) })
		}
	}
	diags := sortAndRelativize(c.diags, l.wd)
	if diags.Errors() > 0 {
		return nil, diags
	}
	if len(diags) > 0 {
		c.tree.Warnings = diags
	}
	return c.tree, nil
}

// WorkDir is the absolute directory that diagnostics are relative to (Config.WorkDir, or the current
// directory).
func (l *Loaded) WorkDir() string { return l.wd }

// ParseFile parses one Go source file as Load does: with comments (doc comments are part of the IDL), all
// errors, and without the syntactic object resolution that go/packages' default parser does for old
// tools. Nothing in cidlc reads ast.Object (go/types resolves names), so skipping it makes every parse
// cheaper. The benchmark floor (bench/cmd/loadfloor) parses the same way.
func ParseFile(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
	return parser.ParseFile(fset, filename, src, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
}

// sourceSums records the SHA-256 of every source file the load parses, as it parses it: the files are
// read once, by go/packages, and hashed on its own goroutines. It also notes where a file first ends a
// line with a carriage return alone (see lineEndProblems).
type sourceSums struct {
	mu      sync.Mutex
	sums    map[string][sha256.Size]byte
	loneCRs map[string]token.Position
	// pre is the preparse whose syntax trees the load takes, if any.
	pre *preparse
}

func (s *sourceSums) parseFile(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
	sum := sha256.Sum256(src)
	cr, hasCR := loneCR(filename, src)
	s.mu.Lock()
	s.sums[filename] = sum
	if hasCR {
		s.loneCRs[filename] = cr
	}
	s.mu.Unlock()
	if s.pre != nil {
		return s.pre.parse(fset, filename, src, sum)
	}
	return ParseFile(fset, filename, src)
}

// Digest identifies everything the model is made of, so that two loads with equal digests give equal models
// (and equal diagnostics) from the same cidlc: the options (Name; the IDL root's absolute path, which
// positions are made of), the GODEBUG settings that can change go/types' answers, and, for every package of
// the load in ID order, its ID, import path, name, module (path, version, Go version, go.mod and the go.mod's
// content) and each of the Go files parsed and type-checked for it, by path and content. The content is what
// go/packages itself read and parsed, so no file is read twice, and what was loaded is what is hashed: build
// tags, GOOS and the module graph decide which files those are. The up-to-date cache (internal/run/uptodate)
// keys on it, so that a run whose sources did not change can skip the IDL checks and the backends. It returns
// nil when some file was not parsed through the load (then there is nothing safe to key on).
func (l *Loaded) Digest() []byte {
	if l.digest != nil || l.sums == nil {
		return l.digest
	}
	h := sha256.New()
	fmt.Fprintf(h, "cidlc sources v1\nname %q\nroot %q\nGODEBUG %q\n", l.cfg.Name, l.root, os.Getenv("GODEBUG"))
	var all []*packages.Package
	packages.Visit(l.pkgs, nil, func(p *packages.Package) { all = append(all, p) })
	sort.Slice(all, func(i, j int) bool { return all[i].ID < all[j].ID })
	goMods := make(map[string]bool)
	for _, p := range all {
		fmt.Fprintf(h, "package %q %q %q\n", p.ID, p.PkgPath, p.Name)
		if m := p.Module; m != nil {
			fmt.Fprintf(h, "module %q %q %q %q\n", m.Path, m.Version, m.GoVersion, m.GoMod)
			if m.GoMod != "" && !goMods[m.GoMod] {
				goMods[m.GoMod] = true
				data, err := os.ReadFile(m.GoMod)
				if err != nil {
					return nil
				}
				fmt.Fprintf(h, "go.mod %x\n", sha256.Sum256(data))
			}
		}
		// The files as parsed, which are the files type-checked. (CompiledGoFiles is empty in this mode.)
		if len(p.Syntax) == 0 || len(p.Syntax) != len(p.GoFiles) {
			return nil
		}
		for _, f := range p.Syntax {
			name := l.fset.File(f.FileStart).Name()
			sum, ok := l.sums.sums[name]
			if !ok {
				return nil
			}
			fmt.Fprintf(h, "file %q %x\n", name, sum)
		}
	}
	l.digest = h.Sum(nil)
	return l.digest
}

// goToolError turns a failure of `go list` into a diagnostic about the IDL directory, with a hint for
// the common case of a directory that is not in a module.
func goToolError(dir string, err error) error {
	msg := err.Error()
	if notInModule(msg) {
		return Diagnostics{{Pos: token.Position{Filename: dir},
			Msg: "the IDL directory is not inside a Go module; run `go mod init` in it or above it"}}
	}
	return fmt.Errorf("%s: loading the IDL with the go command: %w", dir, err)
}

// notInModule recognises the go command's ways of saying that a directory belongs to no module.
func notInModule(msg string) bool {
	for _, s := range []string{"go.mod file not found", "outside main module", "does not contain main module", "outside a module"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

// goErrors collects the Go errors of the loaded packages (list, parse and type errors), each once. root
// is the directory the go command ran in, which the files of its own errors are relative to; dir is how
// the IDL directory is shown. As the Go compiler does, it reports type errors only when every file
// parsed: a file that does not parse leaves its package without the imports the type checker needs, and
// the type errors that follow ("could not import …") are noise.
func goErrors(pkgs []*packages.Package, root, dir string) []Diagnostic {
	var diags, typeDiags []Diagnostic
	parseLines := map[string]bool{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			msg := e.Msg
			if notInModule(msg) {
				diags = append(diags, Diagnostic{Pos: token.Position{Filename: dir},
					Msg: "the IDL directory is not inside a Go module; run `go mod init` in it or above it"})
				continue
			}
			if strings.Contains(msg, "no Go files") || strings.Contains(msg, "matched no packages") {
				diags = append(diags, Diagnostic{Pos: token.Position{Filename: dir},
					Msg: "no Go files in the IDL directory or below it"})
				continue
			}
			pos := parsePos(e.Pos)
			if pos.Filename == "" {
				pos, msg = unpositioned(msg)
			}
			switch {
			case pos.Filename == "":
				pos.Filename = dir
			case !filepath.IsAbs(pos.Filename):
				pos.Filename = filepath.Join(root, pos.Filename)
			}
			if e.Kind == packages.TypeError {
				// The type checker says more about an error in errors of their own that start with a
				// tab ("\tother declaration of X"): they belong to the error before them, which they
				// would otherwise precede once sorted.
				if rest, ok := strings.CutPrefix(msg, "\t"); ok && len(typeDiags) > 0 {
					last := &typeDiags[len(typeDiags)-1]
					last.Msg += " (" + rest + ": " + lineCol(pos) + ")"
					continue
				}
				typeDiags = append(typeDiags, Diagnostic{Pos: pos, Msg: msg})
				continue
			}
			// After a syntax error the parser reports the confusion that follows it too; like the Go
			// tools, keep only the first parse error of each line. The go command reports a file's
			// first syntax error as well, as a list error: the same error again, on the same line.
			if pos.Line > 0 {
				key := pos.Filename + ":" + strconv.Itoa(pos.Line)
				if parseLines[key] {
					continue
				}
				parseLines[key] = true
			}
			diags = append(diags, Diagnostic{Pos: pos, Msg: msg})
		}
	})
	if len(diags) > 0 {
		return diags
	}
	return typeDiags
}

// lineCol names a position in a message: the file's base name, line and column.
func lineCol(pos token.Position) string {
	return filepath.Base(pos.Filename) + ":" + strconv.Itoa(pos.Line) + ":" + strconv.Itoa(pos.Column)
}

// unpositionedRead matches the go command's error for a file it cannot read as Go source, which it
// reports without a position: "read /path/a.go: unexpected NUL in input".
var unpositionedRead = regexp.MustCompile(`^read (.+\.go): (.+)$`)

// unpositioned finds the position of an error that the go command reports without one: a source file
// that holds a NUL byte (which the go command refuses before the parser sees it) is reported at its
// first NUL, as the parser would.
func unpositioned(msg string) (token.Position, string) {
	m := unpositionedRead.FindStringSubmatch(msg)
	if m == nil {
		return token.Position{}, msg
	}
	pos := token.Position{Filename: m[1]}
	if m[2] == "unexpected NUL in input" {
		if src, err := os.ReadFile(m[1]); err == nil {
			if i := bytes.IndexByte(src, 0); i >= 0 {
				pos.Line = 1 + bytes.Count(src[:i], []byte("\n"))
				pos.Column = i - (bytes.LastIndexByte(src[:i], '\n') + 1) + 1
				return pos, "illegal character NUL (a NUL in a string is written \\x00)"
			}
		}
	}
	return pos, m[2]
}

// knownOS and knownArch are the values of GOOS and GOARCH that Go's build rules know, as of Go 1.26
// (internal/syslist): a file named after one is built only for it.
var (
	knownOS = strings.Fields("aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd plan9 " +
		"solaris wasip1 windows zos")
	knownArch = strings.Fields("386 amd64 amd64p32 arm armbe arm64 arm64be loong64 mips mipsle mips64 mips64le mips64p32 " +
		"mips64p32le ppc ppc64 ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm")
)

// outsidePattern says whether ./... leaves out a directory below its root by the directory's name
// alone: testdata, and names starting with . or _ (the go command also leaves out other modules:
// isModuleRoot).
func outsidePattern(base string) bool {
	return base == "testdata" || strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_")
}

// platformFiles reports the Go files below root whose names make Go build them for one system only
// (x_linux.go, x_windows_amd64.go): the declarations of such a file, and so the outputs, would depend on
// the system that runs cidlc, and elsewhere the file, or its whole package, would be left out without a
// word. It walks the directories as ./... does (not testdata, nor those starting with . or _, nor nested
// modules), reading names only, since go list leaves out a package whose files all are for other systems;
// the files of overlay (Config.Overlay) below root count as if they were on disk.
func platformFiles(root string, overlay map[string][]byte) []Diagnostic {
	var diags []Diagnostic
	seen := map[string]bool{}
	skipDir := func(dir string) bool {
		if outsidePattern(filepath.Base(dir)) {
			return true
		}
		if _, inOverlay := overlay[filepath.Join(dir, "go.mod")]; inOverlay {
			return true
		}
		return isModuleRoot(dir)
	}
	filepath.WalkDir(root, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if name != root && skipDir(name) {
				return filepath.SkipDir
			}
			return nil
		}
		seen[name] = true
		if diag := platformFile(name); diag != nil {
			diags = append(diags, *diag)
		}
		return nil
	})
	for _, name := range slices.Sorted(maps.Keys(overlay)) {
		rel, err := filepath.Rel(root, name)
		if seen[name] || err != nil || !filepath.IsLocal(rel) {
			continue
		}
		skip := false
		for dir := filepath.Dir(name); dir != root && len(dir) > len(root); dir = filepath.Dir(dir) {
			skip = skip || skipDir(dir)
		}
		if !skip {
			if diag := platformFile(name); diag != nil {
				diags = append(diags, *diag)
			}
		}
	}
	return diags
}

// platformFile reports the file name if Go builds it for one system only, or returns nil.
func platformFile(name string) *Diagnostic {
	base := filepath.Base(name)
	stem, _, _ := strings.Cut(base, ".")
	i := strings.Index(stem, "_")
	if i < 0 || !strings.HasSuffix(base, ".go") || strings.HasSuffix(stem, "_test") ||
		strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_") {
		return nil
	}
	parts := strings.Split(stem[i+1:], "_")
	last := parts[len(parts)-1]
	if !slices.Contains(knownOS, last) && !slices.Contains(knownArch, last) {
		return nil
	}
	suffix, system := last, "GOARCH="+last
	if slices.Contains(knownOS, last) {
		system = "GOOS=" + last
	}
	if n := len(parts); n >= 2 && slices.Contains(knownOS, parts[n-2]) && slices.Contains(knownArch, last) {
		suffix, system = parts[n-2]+"_"+last, "GOOS="+parts[n-2]+", GOARCH="+last
	}
	rename := strings.TrimSuffix(base, "_"+suffix+".go") + "-" + strings.ReplaceAll(suffix, "_", "-") + ".go"
	return &Diagnostic{Pos: token.Position{Filename: name, Line: 1, Column: 1}, Msg: fmt.Sprintf(
		"file name %s ends in _%s, which makes Go build the file for %s only: its declarations would come and go with the system cidlc runs on; rename it (%s)",
		base, suffix, system, rename)}
}

// lineEndProblems reports the files of pkgs that end a line with a carriage return alone (the classic
// Mac OS convention), at the first such line end, which parseFile found. Go takes only a line feed for
// a line end, so it reads such a file as one long line, whose first // comment swallows the rest: the
// file does not parse, or worse, parses and declares nothing.
func lineEndProblems(pkgs []*packages.Package, sums *sourceSums) []Diagnostic {
	var diags []Diagnostic
	for _, p := range pkgs {
		for _, name := range p.GoFiles {
			if pos, ok := sums.loneCRs[name]; ok {
				diags = append(diags, Diagnostic{Pos: pos,
					Msg: "this line ends with a carriage return alone, which Go does not take for a line end; use LF (or CRLF) line ends"})
			}
		}
	}
	return diags
}

// loneCR returns the position in src of the first carriage return that no line feed follows, if any.
func loneCR(filename string, src []byte) (token.Position, bool) {
	for i := bytes.IndexByte(src, '\r'); i >= 0; {
		if i+1 == len(src) || src[i+1] != '\n' {
			line := 1 + bytes.Count(src[:i], []byte("\n"))
			col := i - (bytes.LastIndexByte(src[:i], '\n') + 1) + 1
			return token.Position{Filename: filename, Offset: i, Line: line, Column: col}, true
		}
		next := bytes.IndexByte(src[i+1:], '\r')
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return token.Position{}, false
}

// parsePos parses the "file:line:col" (or "file:line", or "file") position of a packages.Error.
func parsePos(s string) token.Position {
	var pos token.Position
	rest := s
	nums := []int{}
	for len(nums) < 2 {
		i := strings.LastIndexByte(rest, ':')
		if i < 0 {
			break
		}
		n, err := strconv.Atoi(rest[i+1:])
		if err != nil {
			break
		}
		nums = append([]int{n}, nums...)
		rest = rest[:i]
	}
	pos.Filename = rest
	switch len(nums) {
	case 2:
		pos.Line, pos.Column = nums[0], nums[1]
	case 1:
		pos.Line = nums[0]
	}
	return pos
}

// errNoRoot explains why tokens cannot be made: they need a package name.
var errNoRoot = errors.New("the IDL root directory has no Go package, so there is no default token package name; pass --name")

// sortedPackages returns pkgs in the order of their directories relative to root, the root first.
func sortedPackages(pkgs []*packages.Package, dirOf func(*packages.Package) string) []*packages.Package {
	out := append([]*packages.Package(nil), pkgs...)
	sort.Slice(out, func(i, j int) bool { return dirOf(out[i]) < dirOf(out[j]) })
	return out
}
