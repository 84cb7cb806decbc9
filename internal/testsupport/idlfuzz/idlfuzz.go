// Package idlfuzz generates IDL trees for cidlc's fuzz and property tests: whole trees of Go packages
// (several packages, several files each, importing each other), always syntactically valid Go, from
// either fuzz input or a seed.
//
//	tree := idlfuzz.FromBytes(data, module) // for a fuzz target: any bytes give a tree
//	tree := idlfuzz.Random(seed, module)    // for a property test: a random valid tree
//
// module is the import path the tree's root directory will have, so that its packages can import each
// other; Scratch provides directories inside cidlc's module and loads trees there without writing them.
//
// A tree is strict or loose. A strict tree is valid IDL, and the generator promises it: cidlc must load
// it without a diagnostic and generate every output from it. It uses every construct of the language
// (resources, named resources, functions, structs nested in arrays of maps, enums, aliases, constants,
// capabilities, assets and archives by value and behind pointers, cross-package references,
// optional/out/in/replaces/immutable, contracts, defaults, secrets, deprecations, types named like the
// names the backends make up) with
// names and text chosen to trouble the generated code: TypeScript globals and keywords, Go predeclared
// names, names the stubs use, comment terminators and template syntax in docs and strings, non-ASCII
// names and values. A loose tree makes, at some of its choices, a mistake instead: an unknown or
// malformed tag option, a pointer without optional, an int field, a duplicate or reserved name, an enum
// without values or with a repeated one, a default its own contract forbids, an import cycle, an
// undefined type, a function, a file name no token can hold, the fuzz input's own bytes as doc text and
// string values. Random gives strict trees; FromBytes takes strictness from the input's first byte, so
// that fuzzing checks both the promise and the diagnostics.
//
// Fuzz input is read one byte per choice, and every choice reads 0 as its plainest option: a short
// input is a small valid tree, and a one-byte mutation changes one decision.
package idlfuzz

import (
	"fmt"
	"go/format"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cidlc/cidlc/idl/load"
)

// idlPath is the import path of the package IDL authors import.
const idlPath = "github.com/cidlc/cidlc/idl"

// Tree is a generated IDL tree.
type Tree struct {
	// Files are the tree's files by slash-separated path relative to its root (`net/rules.go`).
	Files map[string][]byte
	// Strict says the generator promises the tree is valid IDL.
	Strict bool
}

// Paths returns the tree's file paths, sorted.
func (t Tree) Paths() []string { return slices.Sorted(maps.Keys(t.Files)) }

// String prints the tree: each file under a header line, for failure messages.
func (t Tree) String() string {
	var b strings.Builder
	for _, p := range t.Paths() {
		fmt.Fprintf(&b, "-- %s --\n%s", p, t.Files[p])
	}
	return b.String()
}

// FromBytes turns fuzz input into a tree; any input gives one. The first byte's low bit says whether it
// is loose (1) or strict (0).
func FromBytes(data []byte, module string) Tree {
	src := &bytesSource{data: data}
	loose := src.n(2) == 1
	return generate(src, loose, module)
}

// Random returns the strict tree of seed: the same seed always gives the same tree.
func Random(seed uint64, module string) Tree {
	return generate(newRandSource(seed), false, module)
}

// Declaration kinds.
type kind int

const (
	kResource kind = iota
	kNamed
	kStruct
	kEnum
	kAlias
	kFunction
)

// category is what a type is, seen through aliases: what contracts and defaults may apply to it.
type category int

const (
	cBool category = iota
	cNum
	cStr
	cEnum
	cStruct
	cRef // a capability or *idl.Resource
	cAny
	cAsset
	cArchive
	cArray
	cMap
	cBad // a type the IDL rejects (loose trees only)
)

// texpr is a type as written in a field or alias, with what the generator needs to know about it.
type texpr struct {
	src  string
	cat  category
	elem *texpr    // of arrays and maps, through aliases
	enum *declPlan // of enums
	// strct is the struct a struct type names, for the check that no struct contains itself.
	strct *declPlan
	ptr   bool // src is a pointer already (a reference)
	// integer marks an int or int32 among the numbers: its contracts are whole numbers.
	integer bool
}

type generator struct {
	src    source
	loose  bool
	module string
	pkgs   []*pkgPlan
	// order is every type declaration in declaration order.
	order []*declPlan
	// contains records which structs hold which by value (not through a pointer, slice or map): Go
	// rejects a struct that contains itself.
	contains map[*declPlan][]*declPlan
}

type pkgPlan struct {
	dir, name string
	// rank orders packages for imports in strict trees: a package imports only packages of higher rank.
	rank  int
	files []*filePlan
	decls []*declPlan
	// names are the names the package and its outputs declare, exact; lower the lower-cased type names.
	names, lower map[string]bool
}

type filePlan struct {
	pkg     *pkgPlan
	name    string
	imports map[string]string // import path → name
	decls   []*declPlan
	// consts and extras are rendered declarations that follow the types.
	consts, extras []string
	// constraint is a build constraint line before the package clause (loose trees).
	constraint string
	doc        string
}

type declPlan struct {
	kind   kind
	name   string
	pkg    *pkgPlan
	file   *filePlan
	doc    string
	values []string // of enums
	target *texpr   // of aliases
	body   string   // of structs and resources, rendered
}

func generate(src source, loose bool, module string) Tree {
	g := &generator{src: src, loose: loose, module: module, contains: map[*declPlan][]*declPlan{}}
	g.plan()
	for _, d := range g.order {
		if d.kind == kAlias {
			d.target = g.aliasTarget(d)
		}
	}
	for _, d := range g.order {
		if d.kind == kEnum {
			g.enumValues(d)
		}
	}
	for _, p := range g.pkgs {
		for _, f := range p.files {
			g.constants(f)
		}
	}
	for _, p := range g.pkgs {
		for _, f := range p.files {
			g.plainConstants(f)
		}
	}
	for _, d := range g.order {
		switch d.kind {
		case kResource, kNamed, kStruct, kFunction:
			d.body = g.fields(d)
		}
	}
	for _, p := range g.pkgs {
		for _, f := range p.files {
			g.extras(f)
		}
	}
	files := map[string][]byte{}
	for _, p := range g.pkgs {
		for _, f := range p.files {
			name := path.Join(p.dir, f.name)
			if _, dup := files[name]; dup {
				continue
			}
			files[name] = g.render(f)
		}
	}
	return Tree{Files: files, Strict: !loose}
}

// bad says whether to make a mistake at this choice: never in strict trees, and in loose ones at about
// one choice in k. It reads a choice either way, so that strictness does not shift later choices.
func (g *generator) bad(k int) bool {
	v := g.src.n(k)
	return g.loose && v == k-1
}

func (g *generator) pick(list []string) string { return list[g.src.n(len(list))] }

// plan declares the packages, their files and the names and kinds of their types.
func (g *generator) plan() {
	// One package in three eighths, two in three, three or four in one: cross-package references stay
	// common, and trees stay cheap to compile (each Go package of stubs costs the compiler about half a
	// second).
	nPkgs := []int{1, 1, 1, 2, 2, 2, 3, 4}[g.src.n(8)]
	usedDirs := map[string]bool{"": true}
	for i := range nPkgs {
		p := &pkgPlan{names: map[string]bool{}, lower: map[string]bool{}}
		if i == 0 {
			p.name = "root"
			if g.src.n(3) == 2 {
				p.name = g.pick([]string{"acme", "aws", "cloud", "my_cloud", "x9", "provider", "resource", "pulumi"})
			}
			if g.bad(12) {
				p.name = g.pick([]string{"größe", "_x", "main"})
			}
		} else {
			dir := g.pick(dirWords)
			if g.bad(10) {
				dir = g.pick(looseDirWords)
			}
			if g.src.n(3) == 2 && len(g.pkgs) > 1 {
				// Nested below another sub-package.
				dir = g.pkgs[1+g.src.n(len(g.pkgs)-1)].dir + "/" + dir
			}
			for usedDirs[dir] {
				dir += "x"
			}
			usedDirs[dir] = true
			p.dir = dir
			base := path.Base(dir)
			p.name = base
			if n, ok := dirPackages[base]; ok {
				p.name = n
			}
			if !isGoIdent(p.name) || strings.ContainsFunc(p.name, func(r rune) bool { return r > unicode.MaxASCII }) {
				p.name = "pkg" + strconv.Itoa(i)
			}
			if g.src.n(4) == 3 {
				p.name = g.pick(packageWords)
			}
		}
		p.rank = g.src.n(8)
		g.pkgs = append(g.pkgs, p)
	}
	for _, p := range g.pkgs {
		nFiles := 1 + g.src.n(3)
		used := map[string]bool{}
		for range nFiles {
			name := g.pick(fileWords)
			if g.bad(10) {
				name = g.pick(looseFileWords)
			}
			for used[strings.ToLower(name)] {
				name += "2"
			}
			used[strings.ToLower(name)] = true
			f := &filePlan{pkg: p, name: name + ".go", imports: map[string]string{}}
			if g.src.n(4) == 3 {
				f.doc = g.docText()
			}
			if g.bad(30) {
				f.constraint = g.pick([]string{"//go:build ignore", "//go:build windows", "// +build ignore", "//go:build !linux"})
			}
			p.files = append(p.files, f)
		}
		// Every package gets at least one type, so that a tree is never empty.
		nDecls := 1 + g.src.n(7)
		for i := range nDecls {
			f := p.files[g.src.n(len(p.files))]
			k := kind(g.src.n(6))
			if i == 0 {
				k = kResource
				if g.src.n(2) == 1 {
					k = kNamed
				}
			}
			d := &declPlan{kind: k, pkg: p, file: f, name: g.typeName(p)}
			for k == kFunction && !g.loose && load.ReservedCallName(load.WireName(d.name)) {
				d.name = g.typeName(p) // a JavaScript reserved word (Function → function) cannot name it
			}
			if g.src.n(3) != 0 {
				d.doc = g.docText()
			}
			f.decls = append(f.decls, d)
			p.decls = append(p.decls, d)
			g.order = append(g.order, d)
		}
	}
}

// typeName names a new type of package p. In strict trees the name and its lower-cased form are new to
// the package. Names the backends derive from another type's name (BucketArgs, BucketProvider) are
// fair: those give way to the author's.
func (g *generator) typeName(p *pkgPlan) string {
	if g.bad(8) && len(p.decls) > 0 {
		prev := p.decls[g.src.n(len(p.decls))].name
		switch g.src.n(4) {
		case 0:
			return prev // a Go error: declared twice
		case 1:
			return strings.ToUpper(prev) // the same lower-cased name
		case 2:
			return prev + g.pick(collisionSuffixes)
		default:
			return g.pick(collisionPrefixes) + prev
		}
	}
	if g.bad(20) {
		return g.pick([]string{"lower", "_", "T[P any]", "Generic[T any]"})
	}
	base := g.pick(typeWords)
	if g.bad(10) {
		base = g.pick(looseTypeWords)
	}
	for n := 1; ; n++ {
		name := base
		if n > 1 {
			name += strconv.Itoa(n)
		}
		if !p.names[name] && !p.lower[strings.ToLower(name)] {
			p.names[name] = true
			p.lower[strings.ToLower(name)] = true
			return name
		}
	}
}

// declare reserves a value name (an enum value or a constant) in p; it returns false when it is taken.
func (p *pkgPlan) declare(name string) bool {
	if p.names[name] {
		return false
	}
	p.names[name] = true
	return true
}

// docText returns the text of a doc comment.
func (g *generator) docText() string {
	t := g.src.text(60)
	if !g.loose {
		t = strings.ToValidUTF8(t, "?")
	}
	return t
}

// comment renders text as a // comment block, one line per line of text, ending with a newline. Bytes
// that Go source cannot hold (NUL, a BOM after the start, invalid UTF-8) are replaced: the comment must
// stay a comment.
func comment(text string) string {
	if text == "" {
		return ""
	}
	text = commentSafe(text)
	var b strings.Builder
	for line := range strings.SplitSeq(text, "\n") {
		b.WriteString("// " + line + "\n")
	}
	return b.String()
}

// commentSafe replaces what a // comment cannot hold: NUL, a byte order mark, a carriage return
// (which gofmt would drop) and invalid UTF-8.
func commentSafe(text string) string {
	return strings.Map(func(r rune) rune {
		if r == 0 || r == '\ufeff' || r == '\r' || r == utf8.RuneError {
			return '?'
		}
		return r
	}, strings.ToValidUTF8(text, "?"))
}

// idl returns how file f refers to name of package idl, adding the import.
func (g *generator) idl(f *filePlan, name string) string {
	return g.importName(f, idlPath, "idl") + "." + name
}

// ref returns how file f refers to type d, adding the import it needs.
func (g *generator) ref(f *filePlan, d *declPlan) string {
	if d.pkg == f.pkg {
		return d.name
	}
	return g.importName(f, g.importPath(d.pkg), d.pkg.name) + "." + d.name
}

func (g *generator) importPath(p *pkgPlan) string {
	if p.dir == "" {
		return g.module
	}
	return g.module + "/" + p.dir
}

// importName returns the name under which f imports path, adding the import: name, or name with a
// number when another import of f has it.
func (g *generator) importName(f *filePlan, importPath, name string) string {
	if n, ok := f.imports[importPath]; ok {
		return n
	}
	taken := map[string]bool{f.pkg.name: true}
	for _, n := range f.imports {
		taken[n] = true
	}
	n := name
	for i := 2; taken[n]; i++ {
		n = name + strconv.Itoa(i)
	}
	f.imports[importPath] = n
	return n
}

// canReference says whether a declaration in p may refer to one in q: always within a package, and in
// strict trees across packages only towards a higher rank (or the same rank and a later position), which
// keeps imports acyclic.
func (g *generator) canReference(p, q *pkgPlan) bool {
	if p == q || g.loose {
		return true
	}
	if p.rank != q.rank {
		return q.rank > p.rank
	}
	return slices.Index(g.pkgs, q) > slices.Index(g.pkgs, p)
}

// declsOf returns the declarations of the given kinds that f may refer to.
func (g *generator) declsOf(f *filePlan, kinds ...kind) []*declPlan {
	var out []*declPlan
	for _, d := range g.order {
		if slices.Contains(kinds, d.kind) && g.canReference(f.pkg, d.pkg) {
			out = append(out, d)
		}
	}
	return out
}

// aliasTarget chooses what alias d names: a primitive, a slice, a map or any.
func (g *generator) aliasTarget(d *declPlan) *texpr {
	if g.bad(10) {
		return g.badType(d.file)
	}
	switch g.src.n(5) {
	case 0:
		return g.primitive()
	case 1:
		return &texpr{src: "interface{}", cat: cAny}
	case 2:
		e := g.elemType(d.file, 2)
		return &texpr{src: "[]" + e.src, cat: cArray, elem: e}
	case 3:
		k := g.mapKey(d.file)
		e := g.elemType(d.file, 2)
		return &texpr{src: "map[" + k + "]" + e.src, cat: cMap, elem: e}
	default:
		// Another alias, whose own target is chosen already when it comes first.
		for _, o := range g.declsOf(d.file, kAlias) {
			if o.target != nil && o != d && g.src.n(2) == 0 {
				t := *o.target
				t.src = g.ref(d.file, o)
				return &t
			}
		}
		return g.primitive()
	}
}

func (g *generator) primitive() *texpr {
	switch g.src.n(4) {
	case 0:
		return &texpr{src: "string", cat: cStr}
	case 1:
		return &texpr{src: "float64", cat: cNum}
	case 2:
		return &texpr{src: g.pick([]string{"int", "int32"}), cat: cNum, integer: true}
	}
	return &texpr{src: "bool", cat: cBool}
}

// mapKey returns a map key type: string, or a string-based IDL type.
func (g *generator) mapKey(f *filePlan) string {
	if g.bad(12) {
		return g.pick([]string{"int", "float64", "bool", "[2]string", "interface{}"})
	}
	if g.src.n(3) == 2 {
		var keys []*declPlan
		for _, d := range g.declsOf(f, kEnum, kAlias) {
			if d.kind == kEnum || d.target != nil && d.target.cat == cStr && d.target.src == "string" {
				keys = append(keys, d)
			}
		}
		if len(keys) > 0 {
			return g.ref(f, keys[g.src.n(len(keys))])
		}
	}
	return "string"
}

// elemType returns the type of an element of a slice or map, nesting up to depth more collections.
func (g *generator) elemType(f *filePlan, depth int) *texpr {
	if g.bad(12) {
		return g.badType(f)
	}
	switch c := g.src.n(12); {
	case c < 3:
		return g.primitive()
	case c == 3 && depth > 0:
		e := g.elemType(f, depth-1)
		return &texpr{src: "[]" + e.src, cat: cArray, elem: e}
	case c == 4 && depth > 0:
		k := g.mapKey(f)
		e := g.elemType(f, depth-1)
		return &texpr{src: "map[" + k + "]" + e.src, cat: cMap, elem: e}
	case c == 5:
		if rs := g.declsOf(f, kResource, kNamed); len(rs) > 0 {
			return &texpr{src: "*" + g.ref(f, rs[g.src.n(len(rs))]), cat: cRef, ptr: true}
		}
	case c == 6:
		if g.src.n(2) == 0 {
			return &texpr{src: g.idl(f, "Resource"), cat: cRef}
		}
		return &texpr{src: "*" + g.idl(f, "Resource"), cat: cRef, ptr: true}
	case c == 7:
		return &texpr{src: g.pick([]string{"interface{}", "any"}), cat: cAny}
	case c == 8:
		// An asset or archive, by value or behind a pointer, which means the same (the 2017 spelling).
		switch g.src.n(4) {
		case 0:
			return &texpr{src: g.idl(f, "Asset"), cat: cAsset}
		case 1:
			return &texpr{src: g.idl(f, "Archive"), cat: cArchive}
		case 2:
			return &texpr{src: "*" + g.idl(f, "Asset"), cat: cAsset, ptr: true}
		}
		return &texpr{src: "*" + g.idl(f, "Archive"), cat: cArchive, ptr: true}
	}
	return g.named(f)
}

// named returns a reference to a struct, an enum or an alias f may refer to, or a primitive.
func (g *generator) named(f *filePlan) *texpr {
	var ds []*declPlan
	for _, d := range g.declsOf(f, kStruct, kEnum, kAlias) {
		// An alias whose own target is not chosen yet is this one or a later one, which could make an
		// alias contain itself: an error strict trees do not make.
		if d.kind != kAlias || d.target != nil || g.loose {
			ds = append(ds, d)
		}
	}
	if len(ds) == 0 {
		return g.primitive()
	}
	d := ds[g.src.n(len(ds))]
	switch d.kind {
	case kStruct:
		return &texpr{src: g.ref(f, d), cat: cStruct, strct: d}
	case kEnum:
		return &texpr{src: g.ref(f, d), cat: cEnum, enum: d}
	}
	if d.target == nil {
		// An alias whose target is not chosen yet: what it aliases is unknown here, so claim nothing
		// a contract could apply to.
		return &texpr{src: g.ref(f, d), cat: cAny}
	}
	t := *d.target
	t.src = g.ref(f, d)
	return &t
}

// badType returns a type the IDL rejects, or that does not even type-check.
func (g *generator) badType(f *filePlan) *texpr {
	bad := []string{"int16", "float32", "uint8", "byte", "rune", "complex128", "int64", "[3]string", "chan string",
		"func()", "struct{}", "struct{ X string }", "interface{ M() }", "**string", "*[]*string", "map[int]string",
		"Undefined", "time.Time", "idl.NamedResource", "error", "uintptr", "[]*string", "map[string]*bool"}
	s := g.pick(bad)
	if g.src.n(3) == 0 {
		if rs := g.declsOf(f, kResource, kNamed); len(rs) > 0 {
			return &texpr{src: g.ref(f, rs[g.src.n(len(rs))]), cat: cBad} // a resource by value
		}
	}
	switch s {
	case "time.Time":
		f.imports["time"] = "time"
	case "idl.NamedResource":
		s = g.idl(f, "NamedResource")
	}
	return &texpr{src: s, cat: cBad}
}

// enumValues gives enum d its values, at least one, distinct in strict trees.
func (g *generator) enumValues(d *declPlan) {
	if g.bad(10) {
		return // no constants: the type is an alias, or a loose tree's float64 "enum"
	}
	n := 1 + g.src.n(4)
	seen := map[string]bool{}
	for range n {
		v := g.pick(enumValueWords)
		if g.loose && g.src.n(4) == 3 {
			v = g.src.text(20)
		}
		for !g.loose && seen[v] {
			v += "+"
		}
		seen[v] = true
		d.values = append(d.values, v)
	}
}

// constants renders the values of f's enums.
func (g *generator) constants(f *filePlan) {
	p := f.pkg
	for _, d := range f.decls {
		if d.kind != kEnum {
			continue
		}
		var b strings.Builder
		b.WriteString("const (\n")
		for i, v := range d.values {
			name := g.valueName(p, d.name, i)
			b.WriteString(comment(g.maybeDoc()))
			typ := d.name
			if g.bad(20) {
				typ = g.pick([]string{"string", "float64"})
			}
			fmt.Fprintf(&b, "\t%s %s = %s\n", name, typ, goString(v))
		}
		b.WriteString(")\n")
		f.consts = append(f.consts, b.String())
	}
}

// plainConstants renders f's constants, after every file's enum values, since a constant of an enum type
// adds a value to the enum.
func (g *generator) plainConstants(f *filePlan) {
	p := f.pkg
	for range g.src.n(3) {
		name := g.valueName(p, "Const", g.src.n(100))
		var value string
		switch g.src.n(7) {
		case 0:
			value = goString(g.stringValue())
		case 1:
			value = g.pick([]string{"1.5", "0", "-0.0", "1e308", "4.9e-324", "1 << 53", "0x10", "1_000", "0.1", "-1e-7", "3"})
		case 2:
			value = g.pick([]string{"true", "false"})
		case 3:
			value = "float64(" + g.pick([]string{"2", "1e10", "0.25"}) + ")"
		case 4:
			value = "string(" + goString(g.stringValue()) + ")"
		case 5:
			// A constant of an enum of the package is another value of that enum.
			value = goString("x")
			var enums []*declPlan
			for _, d := range p.decls {
				if d.kind == kEnum && len(d.values) > 0 {
					enums = append(enums, d)
				}
			}
			if len(enums) > 0 {
				e := enums[g.src.n(len(enums))]
				v := e.values[0] + "-more"
				for slices.Contains(e.values, v) {
					v += "+"
				}
				value = e.name + "(" + goString(v) + ")"
				if g.src.n(2) == 1 && g.loose {
					value = e.name + "(" + goString(e.values[0]) + ")" // the same value again
				} else {
					e.values = append(e.values, v)
				}
			}
		default:
			value = g.pick([]string{"`raw\nstring`", `"\u2028\x7f"`, `"*/"`, `"${x}"`})
		}
		if g.bad(6) {
			value = g.pick([]string{"'a'", "1i", "1 << 53 + 1", "1 << 70", "int(3)", "uint8(1)", "float32(1.5)", "1e400", "nil", "Undefined"})
		}
		f.consts = append(f.consts, comment(g.maybeDoc())+"const "+name+" = "+value+"\n")
	}
}

// maybeDoc returns doc text for one declaration in three.
func (g *generator) maybeDoc() string {
	if g.src.n(3) == 0 {
		return g.docText()
	}
	return ""
}

// valueName names an enum value or constant: new to the package in strict trees.
func (g *generator) valueName(p *pkgPlan, base string, i int) string {
	if g.bad(15) {
		return g.pick([]string{"lower", "_", base, "Infinity", "NaN"})
	}
	for n := i; ; n++ {
		name := base + g.pick([]string{"", "V", "Value", "_"}) + strconv.Itoa(n)
		if g.src.n(4) == 3 {
			name = g.pick([]string{"Infinity", "NaN", "Undefined", "Default", "Object", "Error", "Symbol", "Null", "True"}) + strconv.Itoa(n)
		}
		if p.declare(name) {
			return name
		}
	}
}

// stringValue returns the value of a string constant or default.
func (g *generator) stringValue() string {
	v := g.pick(enumValueWords)
	if g.src.n(3) == 2 {
		v = g.src.text(30)
	}
	if !g.loose {
		v = strings.ToValidUTF8(v, "?")
	}
	return v
}

// goString quotes s as a Go string literal.
func goString(s string) string { return strconv.Quote(s) }

// fields renders the body of struct, resource or function d. A function in a strict tree has a result.
func (g *generator) fields(d *declPlan) string {
	f := d.file
	isResource := d.kind == kResource || d.kind == kNamed
	var b strings.Builder
	if d.kind == kFunction {
		b.WriteString("\t" + g.idl(f, "Function") + "\n")
		if g.bad(12) {
			b.WriteString(g.pick([]string{"\t" + g.idl(f, "Resource") + "\n", "\t" + g.idl(f, "Function") + " `lumi:\"x\"`\n"}))
		}
	} else if isResource {
		marker := g.idl(f, "Resource")
		if d.kind == kNamed {
			marker = g.idl(f, "NamedResource")
		}
		b.WriteString("\t" + marker + "\n")
		if g.bad(12) {
			b.WriteString(g.pick([]string{"\t" + g.idl(f, "Resource") + "\n", "\t" + g.idl(f, "NamedResource") + " `lumi:\"optional\"`\n", "\t" + g.idl(f, "Asset") + "\n"}))
		}
	} else if g.bad(20) {
		b.WriteString("\t" + g.idl(f, "Asset") + "\n")
	}
	used := map[string]bool{}
	if d.kind == kNamed {
		used["name"] = true
	}
	results := 0
	for range g.src.n(9) {
		field, out := g.field(d, used)
		b.WriteString(field)
		if out {
			results++
		}
	}
	if d.kind == kFunction && results == 0 && !g.bad(8) {
		name := "Result"
		for used[strings.ToLower(name)] {
			name += "X"
		}
		b.WriteString("\t" + name + " " + g.propType(f).src + " `lumi:\"out\"`\n")
	}
	if g.bad(15) {
		b.WriteString(g.pick([]string{"\tunexported string\n", "\tlower string `lumi:\"x\"`\n", "\tA, B string\n", "\t_ string\n"}))
	}
	return b.String()
}

// prop is one field being made.
type prop struct {
	goName, wire           string
	optional, out, in, rep bool
	immutable              bool
	secret, unique         bool
	opts                   []string // further options, rendered
	t                      *texpr
}

// field renders one field of d, and says whether it is out (a function's result).
func (g *generator) field(d *declPlan, used map[string]bool) (string, bool) {
	f := d.file
	isResource := d.kind == kResource || d.kind == kNamed
	isFunction := d.kind == kFunction
	// The properties of resources and functions are whole values: they may be secret and have defaults.
	topLevel := isResource || isFunction
	p := &prop{}
	// The name: a Go name whose wire name is new to the struct, or an explicit wire name.
	for n := 1; ; n++ {
		p.goName = g.pick(fieldWords)
		if n > 1 {
			p.goName += strconv.Itoa(n)
		}
		p.wire = ""
		if g.src.n(5) == 4 {
			p.wire = g.pick(wireWords)
			if n > 1 {
				p.wire += strconv.Itoa(n)
			}
		}
		// A resource embeds idl.Resource or idl.NamedResource, a function idl.Function: a field of that
		// name is a Go error.
		embedded := isResource && (p.goName == "Resource" || p.goName == "NamedResource") || isFunction && p.goName == "Function"
		if g.loose || g.strictName(p, used) && !embedded {
			break
		}
	}
	if g.bad(10) {
		p.wire = g.pick(loneReserved)
	}
	used[strings.ToLower(p.goName)] = true
	used[strings.ToLower(p.wireName())] = true

	switch {
	case isResource:
		switch g.src.n(8) {
		case 1:
			p.out = true
		case 2:
			p.in = true
		case 3:
			p.rep = true
		case 4:
			p.immutable = true
		}
	case isFunction:
		p.out = g.src.n(2) == 1
		if g.bad(10) {
			p.in, p.rep = g.src.n(2) == 0, true // neither is for a function
		}
	}
	p.optional = g.src.n(3) == 1
	p.t = g.propType(f)
	if p.t.strct != nil && !p.optional && g.reaches(p.t.strct, d) {
		p.optional = true // by value it would contain itself
	}
	if topLevel && p.t.cat != cRef && g.src.n(5) == 4 {
		p.secret = true
	}
	g.contracts(p, topLevel)
	if g.src.n(10) == 9 {
		p.opts = append(p.opts, "deprecated="+tagValue(g.pick([]string{"use something else", "it's old, gone", "*/ ${x}", "gone\u2028for good"})))
	}

	typ := p.t.src
	if p.optional && !p.t.ptr {
		typ = "*" + typ
	} else if (p.out || p.in) && (isResource || g.loose) && !p.t.ptr && g.src.n(4) == 3 && !slices.ContainsFunc(p.opts, func(o string) bool { return strings.HasPrefix(o, "default=") }) {
		typ = "*" + typ // the 2017 form: a pointer on an out or in property (of a resource: a function's result takes none)
	}
	if g.bad(10) {
		switch g.src.n(3) {
		case 0:
			typ = strings.TrimPrefix(typ, "*") // optional without a pointer
		case 1:
			if !p.t.ptr {
				typ = "*" + typ // a pointer without optional
			}
			p.optional = false
		default:
			typ = "*" + typ
		}
	}

	if p.t.strct != nil && !strings.HasPrefix(typ, "*") {
		g.contains[d] = append(g.contains[d], p.t.strct)
	}
	var b strings.Builder
	b.WriteString(indent(comment(g.maybeDoc())))
	fmt.Fprintf(&b, "\t%s %s", p.goName, typ)
	if tag := g.tag(p); tag != "" {
		b.WriteString(" " + tag)
	}
	if g.src.n(6) == 5 {
		b.WriteString(" // " + strings.ReplaceAll(commentSafe(g.docText()), "\n", " "))
	}
	b.WriteString("\n")
	return b.String(), p.out
}

// reaches says whether struct from contains struct to by value, or is it.
func (g *generator) reaches(from, to *declPlan) bool {
	if from == to {
		return true
	}
	for _, next := range g.contains[from] {
		if g.reaches(next, to) {
			return true
		}
	}
	return false
}

func (p *prop) wireName() string {
	if p.wire != "" {
		return p.wire
	}
	return load.WireName(p.goName)
}

// strictName says whether p's names are fine for a strict tree: the wire name is an identifier, new to
// the struct (ignoring case, which covers VPC against Vpc) and not reserved.
func (g *generator) strictName(p *prop, used map[string]bool) bool {
	w := p.wireName()
	lw := strings.ToLower(w)
	return load.IsIdentifier(w) && !used[lw] && !used[strings.ToLower(p.goName)] && !reservedWire[lw] && !strings.HasPrefix(w, "__")
}

// propType returns the type of a property before optional's pointer.
func (g *generator) propType(f *filePlan) *texpr {
	t := g.anyPropType(f)
	if t.cat == cRef && !t.ptr {
		// idl.Resource by value is for elements only.
		t = &texpr{src: "*" + t.src, cat: cRef, ptr: true}
	}
	return t
}

// anyPropType returns the type of a property as chosen, which may be idl.Resource by value: propType
// makes that a pointer.
func (g *generator) anyPropType(f *filePlan) *texpr {
	if g.bad(10) {
		return g.badType(f)
	}
	switch g.src.n(6) {
	case 0, 1:
		return g.primitive()
	case 2:
		return g.named(f)
	case 3:
		return g.elemType(f, 3)
	case 4:
		if rs := g.declsOf(f, kResource, kNamed); len(rs) > 0 && g.src.n(2) == 0 {
			return &texpr{src: "*" + g.ref(f, rs[g.src.n(len(rs))]), cat: cRef, ptr: true}
		}
		return &texpr{src: "*" + g.idl(f, "Resource"), cat: cRef, ptr: true}
	}
	// Nested collections: arrays of maps of structs and the like.
	e := g.elemType(f, 2)
	if g.src.n(2) == 0 {
		k := g.mapKey(f)
		e = &texpr{src: "map[" + k + "]" + e.src, cat: cMap, elem: e}
	}
	return &texpr{src: "[]" + e.src, cat: cArray, elem: e}
}

// contracts chooses the contract options of p, consistent with each other and with its default in
// strict trees.
func (g *generator) contracts(p *prop, topLevel bool) {
	add := func(o string) { p.opts = append(p.opts, o) }
	switch p.t.cat {
	case cNum:
		var lo, hi, dflt *float64
		m := []float64{0, 0.5, 1, 2, 10, 0.1}[g.src.n(6)]
		if p.t.integer && (m < 2 && m != 0) {
			m = 2 // an integer's bounds are whole, and every integer is a multiple of 1
		}
		if m != 0 {
			add("multipleOf=" + num(m))
		}
		unit := max(m, 1)
		if g.src.n(2) == 0 {
			v := unit * float64(g.src.n(5)-2)
			lo = &v
			if g.src.n(2) == 0 {
				add("min=" + num(v))
			} else {
				x := v - unit
				add("exclusiveMin=" + num(x))
			}
		}
		if g.src.n(2) == 0 {
			v := unit * float64(g.src.n(5)+2)
			hi = &v
			if g.src.n(2) == 0 {
				add("max=" + num(v))
			} else {
				add("exclusiveMax=" + num(v+unit))
			}
		}
		switch {
		case lo != nil:
			dflt = lo
		case hi != nil:
			dflt = hi
		default:
			v := unit * float64(g.src.n(3))
			dflt = &v
		}
		if g.canDefault(p, topLevel) {
			add("default=" + num(*dflt))
		}
	case cStr:
		pat := patterns[g.src.n(len(patterns))]
		example := pat.example
		if g.src.n(3) == 0 {
			add("pattern=" + tagValue(pat.re))
		} else {
			example = g.pick([]string{"x", "", "it's", "a,b", "*/", "${x}", "größe", "\u2028"})
		}
		n := utf8.RuneCountInString(example)
		if g.src.n(3) == 0 {
			add("minLength=" + strconv.Itoa(n-min(n, g.src.n(2))))
		}
		if g.src.n(3) == 0 {
			add("maxLength=" + strconv.Itoa(n+g.src.n(3)))
		}
		if g.canDefault(p, topLevel) {
			add("default=" + tagValue(example))
		}
	case cBool:
		if g.canDefault(p, topLevel) {
			add("default=" + g.pick([]string{"true", "false"}))
		}
	case cEnum:
		if len(p.t.enum.values) > 0 && g.canDefault(p, topLevel) {
			add("default=" + tagValue(p.t.enum.values[g.src.n(len(p.t.enum.values))]))
		}
	case cArray, cMap:
		what := map[category]string{cArray: "Items", cMap: "Properties"}[p.t.cat]
		lo := g.src.n(3)
		if g.src.n(3) == 0 {
			add("min" + what + "=" + strconv.Itoa(lo))
		}
		if g.src.n(3) == 0 {
			add("max" + what + "=" + strconv.Itoa(lo+g.src.n(4)))
		}
		if p.t.cat == cArray && g.src.n(4) == 0 {
			p.unique = true
		}
		if e := p.t.elem; e != nil && g.src.n(3) == 0 {
			switch e.cat {
			case cNum:
				add("items.min=" + num(float64(g.src.n(3))))
			case cStr:
				add("items.pattern=" + tagValue(patterns[g.src.n(len(patterns))].re))
				if g.src.n(2) == 0 {
					add("items.maxLength=" + strconv.Itoa(1+g.src.n(10)))
				}
			}
		}
	}
	if !g.loose {
		return
	}
	// Mistakes.
	if g.bad(6) {
		add(g.pick([]string{"min=10,max=5", "min=abc", "max=1e999", "multipleOf=0", "minLength=-1", "maxItems=x",
			"pattern=" + tagValue(g.pick(badPatterns)), "items.min=1", "uniqueItems", "minProperties=1", "min=1",
			"pattern=a", "default=nope", "default=1e999", "default=", "secret", "deprecated=", "deprecated=' '",
			"min=1,exclusiveMin=0", "exclusiveMax=1,max=2", "minLength=3,maxLength=1", "min=-0,exclusiveMax=0",
			"default=" + tagValue(g.src.text(10)), "pattern=" + tagValue(g.src.text(10)), "items.items.min=1"}))
	}
}

// canDefault chooses whether p gets a default, where strict trees may give one: an input of a resource
// or function, neither out nor optional, and then never a pointer.
func (g *generator) canDefault(p *prop, topLevel bool) bool {
	if g.src.n(3) != 0 {
		return false
	}
	return g.loose || topLevel && !p.out && !p.optional
}

// num formats a number for a tag.
func num(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// tagValue writes an option's value, quoted when it holds a comma or a quote.
func tagValue(s string) string {
	if strings.ContainsAny(s, ",'") {
		return "'" + strings.ReplaceAll(s, "'", "''") + "'"
	}
	return s
}

// tag renders the struct tag of p, or "" for none.
func (g *generator) tag(p *prop) string {
	var elems []string
	if p.wire != "" {
		if g.src.n(2) == 0 {
			elems = append(elems, p.wire)
		} else {
			elems = append(elems, "name="+p.wire)
		}
	}
	for _, o := range []struct {
		set  bool
		word string
	}{{p.optional, "optional"}, {p.out, "out"}, {p.in, "in"}, {p.rep, g.pick([]string{"replaces", "replace"})}, {p.immutable, "immutable"}, {p.secret, "secret"}, {p.unique, "uniqueItems"}} {
		if o.set {
			elems = append(elems, o.word)
		}
	}
	elems = append(elems, p.opts...)
	if g.bad(8) {
		elems = append(elems, g.pick([]string{"optinal", "outt", "in", "out", "replaces", "replace", "immutable", "immutible", "name=", "name=9x",
			"name=a b", "secret", "optional", "", "=", "items.", "nope=1", "Optional", "name=x,name=y"}))
	}
	if len(elems) == 0 && !g.bad(10) {
		return ""
	}
	value := strings.Join(elems, ",")
	if len(elems) > 0 && elems[0] != p.wire && !strings.HasPrefix(elems[0], "name=") && g.src.n(4) == 0 {
		value = "," + value // the encoding/json form: no name
	}
	tag := "lumi:" + strconv.Quote(value)
	if g.src.n(5) == 0 {
		tag = `json:"x,omitempty" ` + tag
	}
	if g.bad(8) {
		tag = g.pick([]string{"lumi:optional", `lumi:"optional`, `lumi:"a" lumi:"b"`, `lumi:"x"json:"y"`, `lumi: "x"`,
			"lumi:" + strconv.Quote(g.src.text(20)), `lumi:"\q"`, ` lumi:"x" `, ""})
	}
	if strings.Contains(tag, "`") || g.src.n(6) == 0 {
		return strconv.Quote(tag)
	}
	return "`" + tag + "`"
}

// extras adds what a loose tree must not have: functions, variables, interfaces, methods, Go type
// aliases, a struct defined from another, and imports that make a cycle.
func (g *generator) extras(f *filePlan) {
	if !g.bad(6) {
		return
	}
	var s string
	switch g.src.n(9) {
	case 0:
		s = "func F() {}\n"
	case 1:
		s = "var V = 1\n"
	case 2:
		s = "type I interface{ M() }\n"
	case 3:
		if len(f.decls) > 0 {
			s = "func (" + f.decls[0].name + ") M() {}\n"
		}
	case 4:
		s = "type A = string\n"
	case 5:
		if len(f.decls) > 0 {
			s = "type Copy " + f.decls[0].name + "\n"
		}
	case 6:
		s = "type P *string\n"
	case 7:
		// An import of every other package: a cycle when one of them imports this one.
		for _, p := range g.pkgs {
			if p != f.pkg {
				f.imports[g.importPath(p)] = "_"
			}
		}
	default:
		s = "type F64 float64\n\nconst F64One F64 = 1\n"
	}
	f.extras = append(f.extras, s)
}

// render writes file f: doc, build constraint, package clause, imports, types, constants, extras.
func (g *generator) render(f *filePlan) []byte {
	var b strings.Builder
	if f.constraint != "" {
		b.WriteString(f.constraint + "\n\n")
	}
	b.WriteString(comment(f.doc))
	b.WriteString("package " + f.pkg.name + "\n\n")
	paths := slices.Sorted(maps.Keys(f.imports))
	if len(paths) > 0 {
		b.WriteString("import (\n")
		for _, p := range paths {
			name := f.imports[p]
			if name == path.Base(p) && name != "_" {
				name = ""
			}
			fmt.Fprintf(&b, "\t%s %s\n", name, strconv.Quote(p))
		}
		b.WriteString(")\n\n")
	}
	for _, d := range f.decls {
		b.WriteString(comment(d.doc))
		switch d.kind {
		case kResource, kNamed, kStruct, kFunction:
			fmt.Fprintf(&b, "type %s struct {\n%s}\n\n", d.name, d.body)
		case kEnum:
			fmt.Fprintf(&b, "type %s string\n\n", d.name)
		case kAlias:
			fmt.Fprintf(&b, "type %s %s\n\n", d.name, d.target.src)
		}
	}
	for _, c := range f.consts {
		b.WriteString(c + "\n")
	}
	for _, e := range f.extras {
		b.WriteString(e + "\n")
	}
	src := []byte(b.String())
	if out, err := format.Source(src); err == nil {
		return out
	} else if !g.loose {
		panic(fmt.Sprintf("idlfuzz: a strict tree's file %s is not valid Go (a bug of the generator): %v\n%s", f.name, err, src))
	}
	return src
}

// indent indents every line of s by a tab.
func indent(s string) string {
	if s == "" {
		return ""
	}
	return "\t" + strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\n\t") + "\n"
}

// isGoIdent reports whether s is a Go identifier and not a keyword.
func isGoIdent(s string) bool {
	if !load.IsIdentifier(s) {
		return false
	}
	switch s {
	case "break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough", "for", "func",
		"go", "goto", "if", "import", "interface", "map", "package", "range", "return", "select", "struct",
		"switch", "type", "var":
		return false
	}
	return true
}
