package hostile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// bt is a backtick, for Go source written in Go strings.
const bt = "`"

// textCases are hostile text in doc comments, string values and tags, and hostile bytes in IDL files:
// byte order marks, CRLF and CR line ends, NUL, invalid UTF-8.
var textCases = []hostileCase{
	{
		name: "long_identifiers",
		files: one(strings.NewReplacer("RNAME", long("R", 1000), "PNAME", long("P", 1000), "WNAME", long("w", 1000),
			"ENAME", long("E", 1000), "SNAME", long("S", 1000), "CNAME", long("C", 1000)).Replace(`// RNAME is a resource with a long name.
type RNAME struct {
	idl.NamedResource
	// PNAME is a property with a long name.
	PNAME *string ` + bt + `lumi:"optional"` + bt + `
	// Wire has a long wire name.
	Wire string ` + bt + `lumi:"WNAME"` + bt + `
	// E has a long enum type.
	E ENAME
	// S has a long struct type.
	S SNAME
}

// ENAME is an enum with a long name.
type ENAME string

const ENAMEPNAME ENAME = "WNAME"

// SNAME is a struct with a long name.
type SNAME struct {
	// PNAME is a field with a long name.
	PNAME float64 ` + bt + `lumi:"min=1"` + bt + `
}

// CNAME is a constant with a long name.
const CNAME = "WNAME"
`)),
	},
	{
		// The outputs are named after the file, with more added: past 255 bytes, no file system takes them.
		name: "long_file_name",
		files: map[string]string{
			long("f", 240) + ".go": idlFile("p", "type Thing struct{ idl.Resource }\n"),
			long("g", 200) + ".go": idlFile("p", "type Other struct{ idl.Resource }\n"),
		},
		diags: []string{
			"idl/" + long("f", 240) + ".go:1:1: file name is 240 bytes long; the outputs are named after it (fxxxxxxxxxxx…_stub.go, and while they are written, a temporary name longer still), and file systems allow 255 bytes in a name: keep it to 200 before .go",
		},
	},
	{
		// The longest file name allowed: its outputs, and their temporary names, fit.
		name: "long_file_name_ok",
		files: map[string]string{
			long("g", 200) + ".go": idlFile("p", "// Other is in a file with a long name.\ntype Other struct{ idl.Resource }\n"),
		},
	},
	{
		name: "hostile_doc_comments",
		files: map[string]string{
			"doc.go": "// Package p has a hostile package doc: */ /* ` ${x} \\ \" ' </script> \u2028 \u2029 -->\n//\n//\tcode */\n" +
				"//\n// +build ignore\n//\n//go:build ignore\n// go:generate echo\n//\t+build ignore\npackage p\n",
			"a.go": idlFile("p", "// Thing ends a comment */ and opens one /* and ends it again **/ and has `backticks`,\n"+
				"// ${template} and ${`nested`} syntax, \"double\" and 'single' quotes, back\\slashes\\, a trailing backslash \\\n"+
				"// </script><!-- <script>alert(1)</script> -->, @param x, {@link Nope}, @internal, @deprecated not really,\n"+
				"// a line separator \u2028 and a paragraph separator \u2029 inside a line, a NEL \u0085, an NBSP \u00a0,\n"+
				"// bidi overrides \u202e and \u2066, a zero-width joiner \u200d, and emoji 🎉.\n"+
				"// "+strings.Repeat("a very long line ", 1000)+"\n"+
				"//\n//\t/* a code block */ with */ in it\n"+
				"/* a block comment\n   with // inside it and a trailing star */\n"+
				"type Thing struct {\n\tidl.Resource\n"+
				"\t// Prop */ has a hostile doc too: ` ${x} \\ \u2028 </script>\n\tProp string\n"+
				"\t/* Block is documented by a block comment with a star: * and slashes // */\n\tBlock string\n"+
				"}\n\n"+
				"// Color */ is an enum.\ntype Color string\n\nconst (\n"+
				"\t// ColorRed */ ${x} `\n\tColorRed Color = \"red\" // and a line comment */ `\n"+
				"\tColorBlue Color = \"blue\" /* a trailing block comment with ` and ${x} */\n)\n"),
		},
	},
	{
		// A doc line that starts with @ is the IDL's text, not a JSDoc tag: @internal would make tsc
		// leave the class out of the package's typings (stripInternal), though Other refers to it.
		name: "doc_tags",
		files: one(`// Thing is a thing.
// @internal until GA.
//   @deprecated is not meant either.
type Thing struct {
	idl.Resource
	// Size is a size.
	// @internal
	Size float64
}

// Other uses Thing.
type Other struct {
	idl.Resource
	// T is a Thing.
	T *Thing
}
`),
		check: func(t *testing.T, dir string) {
			b, err := os.ReadFile(filepath.Join(dir, "pack", "a.ts"))
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{" * \\@internal until GA.\n", " *   \\@deprecated is not meant either.\n", "     * \\@internal\n"} {
				if !strings.Contains(string(b), want) {
					t.Errorf("a.ts does not hold %q:\n%s", want, b)
				}
			}
		},
	},
	{
		name: "hostile_strings",
		files: one("// Quote is an enum of hostile values.\ntype Quote string\n\nconst (\n" +
			"\tQuoteEnd Quote = \"*/\"\n" +
			"\tQuoteOpen Quote = \"/*\"\n" +
			"\tQuoteBacktick Quote = \"`\"\n" +
			"\tQuoteTemplate Quote = \"${x}\"\n" +
			"\tQuoteBackslash Quote = `\\`\n" +
			"\tQuoteNUL Quote = \"\\x00\"\n" +
			"\tQuoteLS Quote = \"\\u2028\"\n" +
			"\tQuotePS Quote = \"\\u2029\"\n" +
			"\tQuoteScript Quote = \"</script>\"\n" +
			"\tQuoteDouble Quote = `\"`\n" +
			"\tQuoteSingle Quote = \"'\"\n" +
			"\tQuoteBOM Quote = \"\\ufeff\"\n" +
			"\tQuoteCRLF Quote = \"\\r\\n\"\n" +
			"\tQuoteEmpty Quote = \"\"\n" +
			"\tQuoteSpace Quote = \" \"\n" +
			"\tQuoteLong Quote = \"" + strings.Repeat("x", 100000) + "\"\n" +
			")\n\n" +
			"// All holds everything at once.\nconst All = \"*/ /* ` ${x} \\\\ \\x00 \\u2028 \\u2029 </script> \\\" ' \\ufeff \\r\\n \\U0010ffff \\x7f \\a\"\n" +
			"\n// Raw is a raw string over lines.\nconst Raw = `line one */\nline two ${x}\n\\n is not an escape`\n" +
			"\n// Long is long.\nconst Long = \"" + strings.Repeat("long ", 200000) + "\"\n" +
			"\n// Big and Tiny are extreme numbers.\nconst (\n\tBig = 1.7976931348623157e308\n\tTiny = 5e-324\n\tNeg = -0.0\n\tHuge = 1 << 53\n)\n" +
			"\n// Thing uses the enum.\ntype Thing struct {\n\tidl.Resource\n\t// Q is a Quote.\n\tQ Quote `lumi:\"default=*/\"`\n}\n"),
	},
	{
		name: "hostile_tag_values",
		files: one(`// Thing has hostile text in its tags.
type Thing struct {
	idl.Resource
	// A has a default that ends a comment.
	A string ` + bt + `lumi:"default='*/ /* ${x} \\ </script> ` + "\u2028" + `'"` + bt + `
	// B has a hostile deprecation message.
	B *string ` + bt + `lumi:"optional,deprecated='*/ /* ${x} \\ </script> ` + "\u2028" + ` \" '' end'"` + bt + `
	// C has a hostile pattern.
	C *string ` + bt + `lumi:"optional,pattern='^(\\*/|/\\*|\\$\\{|</script>|` + "\u2028" + `)+$'"` + bt + `
	// D has a long default.
	D string ` + bt + `lumi:"default=` + strings.Repeat("d", 5000) + `"` + bt + `
	// E has a default with a backslash and quotes.
	E string ` + bt + `lumi:"default='\\ \" '''"` + bt + `
}
`),
	},
	{
		// Numbers at the ends of float64 in contracts and defaults, and empty strings as defaults.
		name: "extreme_numbers",
		files: one(`// Thing has extreme numbers.
type Thing struct {
	idl.Resource
	// Max is the largest float64.
	Max float64 ` + bt + `lumi:"default=1.7976931348623157e308,min=-1.7976931348623157e308"` + bt + `
	// Tiny is the smallest.
	Tiny float64 ` + bt + `lumi:"default=5e-324,exclusiveMin=0,multipleOf=5e-324"` + bt + `
	// Zero is negative zero.
	Zero float64 ` + bt + `lumi:"default=-0,max=0"` + bt + `
	// Empty is an empty string by default.
	Empty string ` + bt + `lumi:"default=''"` + bt + `
	// Items are bounded.
	Items *[]float64 ` + bt + `lumi:"optional,maxItems=2147483647,items.min=-1e-300,items.max=1e300"` + bt + `
}

// Consts at the ends.
const (
	Largest  = 1.7976931348623157e308
	Smallest = 4.9406564584124654e-324
	MinusTwo = -2.0
)
`),
	},
	{
		name: "invalid_utf8_values",
		files: one(`type Bad string

const (
	// BadByte is not UTF-8.
	BadByte Bad = "\xff"
	// Good is.
	Good Bad = "good"
)

// Latin1 is not UTF-8.
const Latin1 = "caf\xe9"

// Surrogate is an encoded surrogate half.
const Surrogate = "\xed\xa0\x80"

// Fine is, though it spells the replacement character.
const Fine = "\ufffd"
`),
		diags: []string{
			"idl/a.go:7:2: const BadByte: the value is not valid UTF-8 (byte 0xff at offset 0); Pulumi's strings and TypeScript's are Unicode text, which cannot hold it",
			"idl/a.go:13:7: const Latin1: the value is not valid UTF-8 (byte 0xe9 at offset 3); Pulumi's strings and TypeScript's are Unicode text, which cannot hold it",
			"idl/a.go:16:7: const Surrogate: the value is not valid UTF-8 (byte 0xed at offset 0); Pulumi's strings and TypeScript's are Unicode text, which cannot hold it",
		},
	},
	{
		// Bytes that are not UTF-8 in a tag, raw (which strconv.Unquote would quietly make U+FFFD) or
		// escaped inside the tag's quotes.
		name: "invalid_utf8_tag_values",
		files: one(`type Thing struct {
	idl.Resource
	A string "lumi:\"default=\xff\""
	B *string "lumi:\"optional,deprecated=\\xff\""
	C *string "lumi:\"optional,pattern=a\\xffb\""
	D *string "lumi:\"\\xff,optional\""
	E *[]string "lumi:\"optional,items.pattern=a\xffb\""
	F string ` + "`lumi:\"default=\\xff\"`" + `
}
`),
		diags: []string{
			"idl/a.go:7:11: Thing.A: the lumi tag is not valid UTF-8 (byte 0xff); its names and values are text in every output, which must be UTF-8",
			"idl/a.go:8:12: Thing.B: the lumi tag is not valid UTF-8 (byte 0xff); its names and values are text in every output, which must be UTF-8",
			"idl/a.go:9:12: Thing.C: the lumi tag is not valid UTF-8 (byte 0xff); its names and values are text in every output, which must be UTF-8",
			"idl/a.go:10:12: Thing.D: the lumi tag is not valid UTF-8 (byte 0xff); its names and values are text in every output, which must be UTF-8",
			"idl/a.go:10:12: Thing.D: wire name \"\ufffd\" is not an identifier (letters, digits and _, not starting with a digit)",
			"idl/a.go:11:14: Thing.E: the lumi tag is not valid UTF-8 (byte 0xff); its names and values are text in every output, which must be UTF-8",
			"idl/a.go:12:18: Thing.F: the lumi tag is not valid UTF-8 (byte 0xff); its names and values are text in every output, which must be UTF-8",
		},
	},
	{
		// An interpreted-string tag can hold what a raw one cannot: NUL, a byte order mark, control
		// characters, a backtick.
		name: "escaped_tag_values",
		files: one(`// Thing has escapes in its tags.
type Thing struct {
	idl.Resource
	// A has a NUL default.
	A string "lumi:\"default=a\\x00b\""
	// B has a NUL, a byte order mark and a CRLF in its deprecation message.
	B *string "lumi:\"optional,deprecated=x\\x00\\ufeffy\\r\\nz\""
	// C has a NUL in its pattern.
	C *string "lumi:\"optional,pattern=^a\\x00b$\""
	// D has a backtick and a carriage return in its pattern.
	D *string "lumi:\"optional,pattern=^a` + bt + `\\rb$\""
	// E has a backtick, a line separator and a tab in its deprecation message.
	E *string "lumi:\"optional,deprecated=` + bt + `\\u2028\\t` + bt + `\""
	// F has a byte order mark in its default.
	F string "lumi:\"default=\\ufeff\""
}
`),
	},
	{
		name: "bom",
		files: map[string]string{
			"a.go":   "\ufeff" + idlFile("p", "// Thing is in a file that starts with a byte order mark.\ntype Thing struct{ idl.Resource }\n"),
			"doc.go": "\ufeff// Package p has a byte order mark before its doc.\npackage p\n",
		},
		plain: func(s string) string { return strings.TrimPrefix(s, "\ufeff") },
	},
	{
		name: "bom_bad",
		files: map[string]string{
			"a.go":   "\ufeff" + idlFile("p", "type Thing struct {\n\tidl.Resource\n\tN int8\n}\n"),
			"b.go":   "\ufeffpackage p\n\nvar X = 1\n",
			"c.d.go": "\ufeffpackage p\n",
		},
		// Columns count bytes, as the Go compiler's do: on the first line, the byte order mark's three.
		diags: []string{
			"idl/a.go:7:4: Thing.N: int8 is not an IDL type; use int32 or int, with min= and max= for a narrower range (min=0 for a count)",
			"idl/b.go:3:5: var X: variables are not allowed in the IDL; use a constant",
			`idl/c.d.go:1:4: file name "c.d.go" cannot be the module part of a token; use letters, digits, _ and -, starting with a letter`,
		},
	},
	{
		name: "crlf",
		files: map[string]string{
			"a.go": crlf(idlFile("p", "// Thing is written with CRLF line ends.\n//\n// Its doc has paragraphs.\ntype Thing struct {\n\tidl.Resource\n"+
				"\t// Size has a contract.\n\tSize float64 `lumi:\"min=1,default=2\"`\n"+
				"\t/* Block is documented by a block comment\n\t   over two lines. */\n\tBlock string\n}\n\n"+
				"// Raw spans lines: its carriage returns are not part of it, as in Go.\nconst Raw = `one\ntwo`\n\n"+
				"// Color is an enum.\ntype Color string\n\nconst (\n\tColorRed Color = \"red\" // Red.\n)\n")),
			"doc.go": crlf("// Package p is written with CRLF line ends.\n//\n//\tcode\npackage p\n"),
		},
		check: func(t *testing.T, dir string) {
			b, err := os.ReadFile(filepath.Join(dir, "pack", "a.ts"))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(b), `Raw = "one\ntwo"`) {
				t.Errorf("a.ts: Raw is not \"one\\ntwo\":\n%s", b)
			}
		},
		plain: func(s string) string { return strings.ReplaceAll(s, "\r\n", "\n") },
	},
	{
		name: "crlf_bad",
		files: map[string]string{
			"a.go": crlf(idlFile("p", "// Thing is written with CRLF line ends.\ntype Thing struct {\n\tidl.Resource\n"+
				"\t// N has the wrong type.\n\tN int8\n\t// O has a typo in its tag.\n\tO *string `lumi:\"optional,replace,nope\"`\n}\n\n"+
				"/* A block comment\n   over lines. */\nconst Bad = 1i\n")),
		},
		// The positions of the same file with LF line ends.
		diags: []string{
			"idl/a.go:9:4: Thing.N: int8 is not an IDL type; use int32 or int, with min= and max= for a narrower range (min=0 for a count)",
			`idl/a.go:11:36: Thing.O: unknown lumi option "nope"; the options are listed in the documentation of package github.com/cidlc/cidlc/idl`,
			"idl/a.go:16:7: const Bad: complex constants are not IDL values; IDL numbers are float64",
		},
	},
}

// goCases are IDLs that are not valid Go, reported as the Go tools report them, once each, positioned.
var goCases = []hostileCase{
	{
		name: "go_redeclared",
		files: one(`// Color is an enum.
type Color string

const ColorRed Color = "red"

// ColorRed is declared twice.
type ColorRed struct{ A string }
`),
		diags: []string{"idl/a.go:9:6: ColorRed redeclared in this block (other declaration of ColorRed: a.go:6:7)"},
	},
	{
		// A file that does not parse is reported once (by the go command and by the parser), and
		// without the type errors that its package's missing imports would cause.
		name:  "invalid_utf8_in_source",
		files: one("// Thing has invalid UTF-8 \xff in its doc.\ntype Thing struct{ idl.Resource }\n"),
		diags: []string{"idl/a.go:5:28: illegal UTF-8 encoding"},
	},
	{
		name:  "bom_inside",
		files: one("// Thing has a byte order mark \ufeff in its doc.\ntype Thing struct{ idl.Resource }\n"),
		diags: []string{"idl/a.go:5:32: illegal byte order mark"},
	},
	{
		name: "parse_error_in_imports",
		files: map[string]string{
			"a.go":     idlFile("p", "// Thing is fine.\ntype Thing struct{ idl.Resource }\n"),
			"sub/b.go": "package sub\n\nimport \"github.com/cidlc/cidlc/idl\n\ntype Other struct{ idl.Resource }\n",
		},
		diags: []string{"idl/sub/b.go:3:8: string literal not terminated"},
	},
	{
		name:  "nul_in_source",
		files: one("// Thing has a NUL \x00 in its doc.\ntype Thing struct{ idl.Resource }\n"),
		diags: []string{`idl/a.go:5:20: illegal character NUL (a NUL in a string is written \x00)`},
	},
	{
		// Old Mac line ends: to Go, the file is one line, which the import cannot continue.
		name: "cr_only",
		files: map[string]string{
			"a.go": strings.ReplaceAll(idlFile("p", "// Thing is written with CR line ends.\ntype Thing struct{ idl.Resource }\n"), "\n", "\r"),
		},
		diags: []string{
			"idl/a.go:1:10: this line ends with a carriage return alone, which Go does not take for a line end; use LF (or CRLF) line ends",
			"idl/a.go:1:12: expected ';', found 'import'",
		},
	},
	{
		// Old Mac line ends in a file that Go still parses: the comment swallows the declaration.
		name: "cr_only_silent",
		files: map[string]string{
			"a.go": "package p\n\n// Thing is written with CR line ends after its first line.\rtype Thing struct{ A string }\r",
		},
		diags: []string{
			"idl/a.go:3:60: this line ends with a carriage return alone, which Go does not take for a line end; use LF (or CRLF) line ends",
		},
	},
}
