package typescript

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// An importSet is the scope of one generated file: the names its own declarations bind, and the names it
// imports from the other files of the package. Rendering a type asks it for the local name of each
// declaration the type mentions; at the end, its view is what the "imports" template renders.
//
// Every name imported from a generated file is a type: interfaces, type aliases, and resource classes
// that appear only in type positions. The imports are therefore `import type`, which TypeScript erases:
// the files of a package never load each other at run time, so import cycles between them (a VPC that
// refers to its subnets and back) cannot meet a class before its definition.
type importSet struct {
	self    string            // the file's path in the package, without .ts: "ec2/securityGroup"
	own     map[string]string // exported name → local name, for the file's own declarations
	bound   map[string]bool   // every local name of the file
	imports map[importKey]string
	// declared are the names of other files that the file declares itself, under their own names: a
	// barrel's declarations of its directory's classes and values (see lazy.go).
	declared map[importKey]bool
	pulumi   bool // whether the file imports @pulumi/pulumi
	// contracts records that the file imports the runtime of contracts, configuration that it imports
	// the configuration's module of data and functions (see config.go), utilities the package's
	// release, and lazy the runtime of lazy re-exports (a barrel, see lazy.go): the package's value
	// imports.
	contracts     bool
	configuration bool
	utilities     bool
	lazy          bool
}

// importKey is one name exported by one file.
type importKey struct {
	path string // the file's path in the package, without .ts
	name string
}

// newImportSet returns the scope of the file at path (without .ts). own maps the names the file declares
// to their local names (the same, but for a class that cannot have its own name, see className); reserved
// are the global names the file's code needs unshadowed.
func newImportSet(path string, own map[string]string, reserved ...string) *importSet {
	s := &importSet{self: path, own: own, bound: make(map[string]bool, len(packageModules)+len(own)+len(reserved)), imports: map[importKey]string{}}
	for _, name := range packageModules {
		s.bound[name] = true
	}
	for _, local := range own {
		s.bound[local] = true
	}
	for _, name := range reserved {
		s.bound[name] = true
	}
	return s
}

// packageModules are the names under which a file imports @pulumi/pulumi and the package's runtimes:
// no name of the file may take them.
var packageModules = []string{pulumiImport, contractsFile, configurationFile, utilitiesFile, lazyFile}

// declare records that the file declares k itself, under its own name, which Name then returns without
// an import.
func (s *importSet) declare(k importKey) {
	if s.declared == nil {
		s.declared = map[importKey]bool{}
	}
	s.declared[k] = true
	s.bound[k.name] = true
}

// Pulumi returns the name that refers to the @pulumi/pulumi module, and records that the file imports it.
// Templates write the name as it is, and their views record the import with usePulumi.
func (s *importSet) Pulumi() string {
	s.usePulumi()
	return "pulumi"
}

// usePulumi records that the file imports @pulumi/pulumi, as pulumi.
func (s *importSet) usePulumi() { s.pulumi = true }

// useContracts records that the file imports the package's runtime of contracts (_contracts.ts), as
// _contracts. It is a value import, one of the two between files of the package: _contracts.ts imports
// none of them, so it makes no cycle.
func (s *importSet) useContracts() { s.contracts = true }

// useConfiguration records that the file imports the configuration's module (_configuration.ts), as
// _configuration, a value import that makes no cycle either: it imports none of the package's files.
func (s *importSet) useConfiguration() { s.configuration = true }

// useUtilities records that the file imports the package's release (_utilities.ts), as _utilities, a
// value import that imports nothing either.
func (s *importSet) useUtilities() { s.utilities = true }

// useLazy records that the file imports the runtime of lazy re-exports (_lazy.ts), as _lazy, a value
// import that makes no cycle: it imports nothing.
func (s *importSet) useLazy() { s.lazy = true }

// Name returns the local name of the declaration called name in the file at path (without .ts), and
// records the import. An imported name that would clash with a name of the file is imported under an
// alias made of the name and its file's path: `Rule as Rule_network_rule`.
func (s *importSet) Name(path, name string) string {
	if path == s.self {
		if local, ok := s.own[name]; ok {
			return local
		}
		return name
	}
	k := importKey{path, name}
	if s.declared[k] {
		return name
	}
	if local, ok := s.imports[k]; ok {
		return local
	}
	local := name
	if s.bound[local] {
		base := name + "_" + strings.Map(identifierPart, path)
		local = base
		for i := 2; s.bound[local]; i++ {
			local = base + strconv.Itoa(i)
		}
	}
	s.bound[local] = true
	s.imports[k] = local
	return local
}

// identifierPart maps a character of a file's path to one that can continue an identifier: itself, or _
// for what cannot (/ and the -, ., ~ and + that Go allows in directory names).
func identifierPart(r rune) rune {
	if r == '_' || r == '$' || isIDContinue(r) {
		return r
	}
	return '_'
}

// importsView is what the "imports" template renders.
type importsView struct {
	Any       bool // whether the file imports anything
	Pulumi    bool
	Contracts string // the module specifier of the runtime of contracts, as a literal, if the file imports it
	// Configuration is the module specifier of the configuration's module, as a literal, if the file
	// imports it.
	Configuration string
	Utilities     string // the module specifier of the package's release, as a literal, if the file imports it
	// Lazy is the module specifier of the runtime of lazy re-exports, as a literal, if the file imports it.
	Lazy  string
	Types []typeImport
}

// typeImport is one `import type` statement.
type typeImport struct {
	Names []string // sorted: "Rule", or "Rule as Rule_types"
	From  string   // the module specifier, as a literal
}

// view returns the file's imports: @pulumi/pulumi, the package's runtimes and release, then the
// package's own files by module specifier.
func (s *importSet) view() importsView {
	v := importsView{Pulumi: s.pulumi}
	if s.contracts {
		v.Contracts = jsString(relativeSpecifier(dirOf(s.self), contractsFile))
	}
	if s.configuration {
		v.Configuration = jsString(relativeSpecifier(dirOf(s.self), configurationFile))
	}
	if s.utilities {
		v.Utilities = jsString(relativeSpecifier(dirOf(s.self), utilitiesFile))
	}
	if s.lazy {
		v.Lazy = jsString(relativeSpecifier(dirOf(s.self), lazyFile))
	}
	byPath := map[string][]importKey{}
	for k := range s.imports {
		byPath[k.path] = append(byPath[k.path], k)
	}
	type statement struct {
		from string
		keys []importKey
	}
	var statements []statement
	for path, keys := range byPath {
		slices.SortFunc(keys, func(a, b importKey) int { return cmp.Compare(a.name, b.name) })
		statements = append(statements, statement{relativeSpecifier(dirOf(s.self), path), keys})
	}
	slices.SortFunc(statements, func(a, b statement) int { return cmp.Compare(a.from, b.from) })
	for _, st := range statements {
		var names []string
		for _, k := range st.keys {
			if local := s.imports[k]; local != k.name {
				names = append(names, k.name+" as "+local)
			} else {
				names = append(names, k.name)
			}
		}
		v.Types = append(v.Types, typeImport{Names: names, From: jsString(st.from)})
	}
	v.Any = v.Pulumi || v.Contracts != "" || v.Configuration != "" || v.Utilities != "" || v.Lazy != "" || len(v.Types) > 0
	return v
}

// relativeSpecifier returns the module specifier that names the package file or directory to (without
// .ts) from the directory fromDir: "./vpc", "../network/vpc", "../types".
func relativeSpecifier(fromDir, to string) string {
	from := splitPath(fromDir)
	target := splitPath(to)
	common := 0
	for common < len(from) && common < len(target)-1 && from[common] == target[common] {
		common++
	}
	up := len(from) - common
	parts := slices.Repeat([]string{".."}, up)
	parts = append(parts, target[common:]...)
	if up == 0 {
		return "./" + strings.Join(parts, "/")
	}
	return strings.Join(parts, "/")
}

func splitPath(p string) []string {
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// dirOf returns the directory of a package path, "" for the root.
func dirOf(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return ""
}
