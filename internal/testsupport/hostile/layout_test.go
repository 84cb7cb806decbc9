package hostile

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// sub returns an IDL file of package pkg that declares a struct S, an enum E, an alias A and a resource R,
// for other packages to refer to.
func sub(pkg string) string {
	return idlFile(pkg, `// S is a struct.
type S struct {
	// V is a value.
	V string
}

// E is an enum.
type E string

const EOne E = "one"

// A is an alias.
type A map[string]S

// R is a resource.
type R struct {
	idl.Resource
	// S is an S.
	S S
	// Flag is a bool, which a package named bool would hide from the stubs.
	Flag *bool `+bt+`lumi:"optional"`+bt+`
}
`)
}

// tree returns an IDL of a root package p, which refers to everything of the package in each of dirs
// (by directory: its package name), and of those packages, declared by sub.
func tree(dirs map[string]string) map[string]string {
	files := map[string]string{}
	var imports, fields strings.Builder
	imports.WriteString("import (\n\t\"github.com/cidlc/cidlc/idl\"\n")
	for i, dir := range slices.Sorted(maps.Keys(dirs)) {
		pkg := dirs[dir]
		files[dir+"/s.go"] = sub(pkg)
		alias := fmt.Sprintf("m%d", i)
		fmt.Fprintf(&imports, "\t%s %q\n", alias, idlImport+"/"+dir)
		fmt.Fprintf(&fields, "\t// S%[1]d is a struct of %[2]s/.\n\tS%[1]d %[3]s.S\n\t// E%[1]d is an enum.\n\tE%[1]d %[3]s.E\n"+
			"\t// A%[1]d is an alias.\n\tA%[1]d %[3]s.A\n\t// R%[1]d is a resource.\n\tR%[1]d *%[3]s.R\n\t// Rs%[1]d are resources.\n\tRs%[1]d []*%[3]s.R\n",
			i, dir, alias)
	}
	imports.WriteString(")\n\n")
	files["root.go"] = "package p\n\n" + imports.String() + "// Root refers to every package.\ntype Root struct {\n\tidl.Resource\n" +
		fields.String() + "\t// Flag is a bool.\n\tFlag bool\n}\n"
	return files
}

// layoutCases are hostile directory, file and package names: keywords and predeclared names of Go and
// JavaScript, names of what the stubs import, names that are not identifiers, a file and a directory of
// the same name, and the directories a TypeScript package keeps for itself.
var layoutCases = []hostileCase{
	{
		name: "keyword_packages",
		files: tree(map[string]string{
			"default": "dflt", "class": "class", "new": "new", "function": "function", "type": "typ",
			"import": "imp", "delete": "del", "export": "export", "yield": "yield", "await": "await",
			"let": "let", "static": "static", "enum": "enum", "interface": "iface", "package": "pkg",
			"var": "variable", "go": "golang", "map": "mapping", "then": "then", "constructor": "constructor",
			"prototype": "prototype",
		}),
	},
	{
		name: "predeclared_packages",
		// Packages named like what Go predeclares, which an import of them would hide in the stubs.
		files: tree(map[string]string{
			"bool": "bool", "string": "string", "error": "error", "float64": "float64", "any": "any",
			"len": "len", "make": "make", "append": "append", "nil": "nil", "true": "true", "iota": "iota",
		}),
	},
	{
		name: "import_named_packages",
		// Packages named like what the stubs import, or declare in their functions.
		files: tree(map[string]string{
			"provider": "provider", "resource": "resource", "tokens": "tokens", "context": "context",
			"regexp": "regexp", "asset": "asset", "archive": "archive", "providerstubs": "providerstubs",
			"obj": "obj", "hooks": "hooks", "ops": "ops", "x": "x", "d": "d", "o": "o", "s": "s",
			"pulumi": "pulumi", "idl": "idl", "fmt": "fmt", "strings": "strings",
		}),
	},
	{
		name: "odd_directory_names",
		// Directories whose names are not identifiers, or differ from their package's name.
		files: tree(map[string]string{
			"my-mod": "mymod", "a.b": "ab", "v1.2": "v12", "Upper": "upper", "x/y/z": "z", "x/y_y": "y",
			"same/same": "same", "other/same": "same2",
		}),
	},
	{
		// Packages in directories that the go command leaves out of ./..., imported all the same.
		name: "ignored_directories",
		files: map[string]string{
			"a.go": "package p\n\nimport (\n\t\"github.com/cidlc/cidlc/idl\"\n\tproto \"" + idlImport + "/__proto__\"\n\tdata \"" + idlImport + "/testdata\"\n)\n\n" +
				"// Thing refers to them.\ntype Thing struct {\n\tidl.Resource\n\tS proto.S\n\tT *data.S `lumi:\"optional\"`\n}\n\n// C is of their type.\nconst C proto.E = \"one\"\n",
			"__proto__/s.go": sub("proto"),
			"testdata/s.go":  sub("data"),
		},
		diags: []string{
			"idl/a.go:12:4: Thing.S: proto.S is not an IDL type: its package is in the IDL directory, at __proto__/, but not part of the IDL: the go command leaves out directories named testdata and those whose names start with . or _; rename the directory",
			"idl/a.go:13:4: Thing.T: data.S is not an IDL type: its package is in the IDL directory, at testdata/, but not part of the IDL: the go command leaves out directories named testdata and those whose names start with . or _; rename the directory",
			"idl/a.go:17:7: const C: its type proto.E is not an IDL type: its package is in the IDL directory, at __proto__/, but not part of the IDL: the go command leaves out directories named testdata and those whose names start with . or _; rename the directory",
		},
	},
	{
		// Directories whose names Pulumi's tokens cannot hold: a digit first, ~ or + anywhere.
		name: "bad_directory_names",
		files: map[string]string{
			"a.go":       idlFile("p", "type Thing struct{ idl.Resource }\n"),
			"1st/s.go":   sub("first"),
			"a~b/s.go":   sub("atilde"),
			"a+b/s.go":   sub("aplus"),
			"ok/2x/s.go": sub("twox"),
		},
		diags: []string{
			"idl/1st/s.go:1:1: directory 1st/ cannot be part of the module of a token (p:1st/…:…); use letters, digits, ., _ and -, starting with a letter",
			"idl/a+b/s.go:1:1: directory a+b/ cannot be part of the module of a token (p:a+b/…:…); use letters, digits, ., _ and -, starting with a letter",
			"idl/a~b/s.go:1:1: directory a~b/ cannot be part of the module of a token (p:a~b/…:…); use letters, digits, ., _ and -, starting with a letter",
			"idl/ok/2x/s.go:1:1: directory 2x/ cannot be part of the module of a token (p:ok/2x/…:…); use letters, digits, ., _ and -, starting with a letter",
		},
	},
	{
		// File names that make Go build a file for one system only: loaded here, left out elsewhere, or
		// the other way round.
		name: "platform_file_names",
		files: map[string]string{
			"a.go":              idlFile("p", "type Thing struct{ idl.Resource }\n"),
			"vpn_windows.go":    idlFile("p", "type VPN struct{ idl.Resource }\n"),
			"disk_linux.go":     idlFile("p", "type Disk struct{ idl.Resource }\n"),
			"cpu_arm64.go":      idlFile("p", "type CPU struct{ idl.Resource }\n"),
			"x_plan9_386.go":    idlFile("p", "type X struct{ idl.Resource }\n"),
			"linux.go":          idlFile("p", "// Linux is fine: no _ before linux.\ntype Linux struct{ idl.Resource }\n"),
			"my_linuxbox.go":    idlFile("p", "// Box is fine: linuxbox is no system.\ntype Box struct{ idl.Resource }\n"),
			"state_test.go":     "package p\n",
			"sub/net_darwin.go": sub("sub"),
		},
		diags: []string{
			"idl/cpu_arm64.go:1:1: file name cpu_arm64.go ends in _arm64, which makes Go build the file for GOARCH=arm64 only: its declarations would come and go with the system cidlc runs on; rename it (cpu-arm64.go)",
			"idl/disk_linux.go:1:1: file name disk_linux.go ends in _linux, which makes Go build the file for GOOS=linux only: its declarations would come and go with the system cidlc runs on; rename it (disk-linux.go)",
			"idl/sub/net_darwin.go:1:1: file name net_darwin.go ends in _darwin, which makes Go build the file for GOOS=darwin only: its declarations would come and go with the system cidlc runs on; rename it (net-darwin.go)",
			"idl/vpn_windows.go:1:1: file name vpn_windows.go ends in _windows, which makes Go build the file for GOOS=windows only: its declarations would come and go with the system cidlc runs on; rename it (vpn-windows.go)",
			"idl/x_plan9_386.go:1:1: file name x_plan9_386.go ends in _plan9_386, which makes Go build the file for GOOS=plan9, GOARCH=386 only: its declarations would come and go with the system cidlc runs on; rename it (x-plan9-386.go)",
		},
	},
	{
		name: "file_and_directory_alike",
		// A file and a directory of the same name, and files named like what a TypeScript package holds.
		files: map[string]string{
			"a.go":        idlFile("p", "// Thing is in a.go.\ntype Thing struct{ idl.Resource }\n"),
			"a/s.go":      sub("a"),
			"index.go":    idlFile("p", "// Index is in index.go.\ntype Index struct{ idl.Resource }\n"),
			"package.go":  idlFile("p", "// Pkg is in package.go.\ntype Pkg struct{ idl.Resource }\n"),
			"tsconfig.go": idlFile("p", "// Config is in tsconfig.go.\ntype Config struct{ idl.Resource }\n"),
			"b/index.go":  sub("b"),
		},
	},
	{
		name: "package_main",
		// A package main's stubs would be a command without a main function.
		files: map[string]string{
			"a.go":     idlFile("main", "// Thing is in package main.\ntype Thing struct{ idl.Resource }\n"),
			"sub/b.go": sub("main"),
		},
		diags: []string{
			"idl/a.go:1:1: package main: an IDL package cannot be a command: its Go stubs would be a package main without a main function; give it a name of its own",
			"idl/sub/b.go:1:1: package main: an IDL package cannot be a command: its Go stubs would be a package main without a main function; give it a name of its own",
		},
	},
	{
		name: "reserved_directories",
		// Directories where a TypeScript package keeps its build output and its dependencies.
		files: map[string]string{
			"a.go":                idlFile("p", "// Thing is in the root.\ntype Thing struct{ idl.Resource }\n"),
			"bin/s.go":            sub("bin"),
			"node_modules/s.go":   sub("nodemodules"),
			"bin/sub/s.go":        sub("binsub"),
			"x/node_modules/s.go": sub("deep"),
		},
		diags: []string{
			"idl/bin/s.go:1:1: directory bin/ is where the TypeScript package keeps its build output (tsc's outDir, ignored by its .gitignore), so it cannot hold generated sources; rename the directory",
			"idl/bin/sub/s.go:1:1: directory bin/ is where the TypeScript package keeps its build output (tsc's outDir, ignored by its .gitignore), so it cannot hold generated sources; rename the directory",
			"idl/node_modules/s.go:1:1: a directory node_modules/ is npm's, which fills and empties it, so it cannot hold generated sources; rename the directory",
			"idl/x/node_modules/s.go:1:1: a directory node_modules/ is npm's, which fills and empties it, so it cannot hold generated sources; rename the directory",
		},
	},
}
