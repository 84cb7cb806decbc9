package hostile

import (
	"fmt"
	"slices"
	"strings"
)

// cases is the table of hostile inputs: one entry per distinct case, in groups.
var cases = slices.Concat(nameCases, textCases, goCases, limitCases, layoutCases)

// nameCases are names that mean something to Go, TypeScript, JavaScript or Pulumi, or that are not
// ASCII, or very long.
var nameCases = []hostileCase{
	// Names that mean something to TypeScript, JavaScript, Go or Pulumi.
	{
		name: "keyword_property_names",
		files: one(`// A Thing has properties named like keywords, globals and what a resource class has.
type Thing struct {
	idl.Resource
` + fields("string", "Type", "Default", "Delete", "Package", "Function", "Class", "Enum", "Interface", "Yield",
			"Await", "Let", "Static", "New", "Import", "Export", "Object", "String", "Promise", "Error", "Input",
			"Output", "Provider", "Opts", "Args", "State", "Props", "Get", "IsInstance", "Pulumi", "Prototype",
			"Then", "ToString", "ValueOf", "HasOwnProperty", "ResourceInputs", "ArgsOrState", "Super", "This",
			"Arguments", "Eval", "Undefined", "Null", "True", "False", "Var", "Func", "Chan", "Map", "Range",
			"Go", "Defer", "Select", "Struct", "Switch", "Case", "Break", "Continue", "Return", "Goto",
			"Fallthrough", "Obj", "O", "D", "M", "V", "S", "C", "Ok", "Hooks", "Ops", "X", "Ctx", "Urn2", "Diff",
			"News", "Olds", "Context", "Tokens", "Regexp", "Asset", "Archive", "Resource_", "Named", "Spec",
			"Parent", "DependsOn", "Protect", "Aliases", "Version", "PluginDownloadURL", "CustomTimeouts",
			"Transformations", "RetainOnDelete", "DeletedWith", "IgnoreChanges", "ReplaceOnChanges",
			"AdditionalSecretOutputs", "Id2", "PulumiType", "Name", "Token", "Type_", "URNs") + `}

// A Struct has them too.
type Struct struct {
` + fields("string", "Type", "Default", "Constructor", "Urn", "Id", "GetProvider", "Proto", "Prototype",
			"ToString", "Then", "S", "D", "V", "O", "M") + `}
`),
	},
	{
		name: "global_type_names",
		files: map[string]string{
			"a.go": idlFile("p", `// Record is named like TypeScript's Record, which map types could use.
type Record struct {
	// Tags is a map.
	Tags map[string]string
	// Nested is a map of maps.
	Nested *map[string]map[string]float64 `+"`lumi:\"optional\"`"+`
	// Items is an array.
	Items []Array
}

// Array is named like JavaScript's Array.
type Array struct {
	// Values are strings.
	Values []string
}

// Partial and the others are named like TypeScript's utility types and JavaScript's globals.
type Partial string
type Readonly string
type Required bool
type Pick float64
type Omit map[string]string
type Exclude []string
type Map struct{ A string }
type Set struct{ A string }
type Number string
type Boolean string
type Symbol string
type JSON struct{ A *JSON `+"`lumi:\"optional\"`"+` }
type Math struct{ A string }
type Date string
type RegExp string
type Inputs struct{ A string }
type Input struct{ A string }
type Output struct{ A string }
type OutputInstance struct{ A string }
type Unwrap struct{ A string }
type CustomResource struct{ A string }
type ComponentResource struct{ A string }
type ID string
type URN string
type Asset string
type Archive string
type Buffer string
type Console string
type GlobalThis string
type Undefined string
type Any string
type Unknown string
type Never string
type Void string
type Keyof string
type Typeof string

// NaN is a constant named like JavaScript's NaN.
const NaN = 1.5

// Infinity is named like JavaScript's Infinity.
const Infinity = 2.5

// Iota is named like Go's iota.
const Iota = "iota"

// Nil is named like Go's nil.
const Nil = "nil"

// Resource is named like pulumi.Resource and uses everything above.
type Resource struct {
	idl.Resource
	// A is a Record.
	A Record
	// B is a Partial.
	B Partial
	// C is a Map.
	C *Map `+"`lumi:\"optional\"`"+`
	// D is a map of Sets.
	D map[string]Set
	// E is an ID.
	E ID
	// F is a URN.
	F URN
	// G is an Asset alias.
	G Asset
	// H is an Input.
	H Input
	// I is an Output.
	I *Output `+"`lumi:\"optional,out\"`"+`
	// J is a real asset.
	J idl.Asset
	// K is a real archive.
	K *idl.Archive `+"`lumi:\"optional\"`"+`
	// L is any resource.
	L *idl.Resource `+"`lumi:\"optional\"`"+`
	// M refers to a Promise.
	M *Promise `+"`lumi:\"optional\"`"+`
	// N is Omit.
	N Omit
	// O is Exclude.
	O Exclude
	// P is an Inputs.
	P Inputs
	// Q is anything.
	Q interface{}
}

// Promise is a resource named like JavaScript's Promise.
type Promise struct {
	idl.NamedResource
	// Back refers to a Resource.
	Back *Resource `+"`lumi:\"optional\"`"+`
}

// Error is named like JavaScript's Error, in a file whose constructors throw errors.
type Error struct {
	idl.Resource
	// Message is required, so the constructor throws.
	Message string
}

// Object is named like JavaScript's Object.
type Object struct {
	idl.Resource
	// Err refers to an Error.
	Err *Error
}

// String is named like JavaScript's String.
type String struct {
	idl.Resource
	// Value is a string.
	Value string `+"`lumi:\"minLength=1,pattern=^[a-z]+$\"`"+`
}

// Function is named like JavaScript's Function.
type Function struct{ idl.Resource }

// Provider is named like Pulumi's provider resources.
type Provider struct{ idl.Resource }

// Type is named like a Go keyword.
type Type struct{ idl.Resource }

// Package is too.
type Package struct{ idl.Resource }

// Interface is too.
type Interface struct{ idl.Resource }

// Default is too.
type Default struct{ idl.Resource }

// Class, Enum, Yield, Await, Let, Static, New, Import, Export, Delete: JavaScript's.
type Class struct{ idl.Resource }
type Enum struct{ idl.Resource }
type Yield struct{ idl.Resource }
type Await struct{ idl.Resource }
type Let struct{ idl.Resource }
type Static struct{ idl.Resource }
type New struct{ idl.Resource }
type Import struct{ idl.Resource }
type Export struct{ idl.Resource }
type Delete struct{ idl.Resource }
`),
		},
	},
	{
		name: "go_helper_names",
		// Resources named like the identifiers that generated Go declares in bodies and imports: their
		// marshaling structs must get other names.
		files: one(`type Context struct{ idl.Resource }
type Tokens struct{ idl.Resource }
type Regexp struct{ idl.Resource }
type Obj struct{ idl.Resource }
type O struct{ idl.Resource }
type D struct{ idl.Resource }
type M struct{ idl.Resource }
type S struct{ idl.Resource }
type V struct{ idl.Resource }
type C struct{ idl.Resource }
type Ok struct{ idl.Resource }
type Hooks struct{ idl.Resource }
type Ops struct{ idl.Resource }
type X struct{ idl.Resource }
type Ctx struct{ idl.Resource }
type Olds struct{ idl.Resource }
type News struct{ idl.Resource }
type Urn struct{ idl.Resource }
type Id struct{ idl.Resource }
type Diff struct{ idl.Resource }
type Make struct{ idl.Resource }
type Len struct{ idl.Resource }
type Nil struct{ idl.Resource }
type True struct{ idl.Resource }
type Bool struct{ idl.Resource }
type Float64 struct{ idl.Resource }
type Any struct{ idl.Resource }
type Append struct{ idl.Resource }
type Panic struct{ idl.Resource }
type Asset struct{ idl.Resource }
type Archive struct{ idl.Resource }
type Resource struct {
	idl.Resource
	// Uses refers to the others, and has contracts.
	Uses *Obj
	// Size has a contract.
	Size float64 ` + "`lumi:\"min=1\"`" + `
	// Name has a pattern.
	Name string ` + "`lumi:\"pattern=^[a-z]+$\"`" + `
}
`),
	},
	{
		// A token package name (--name) with every character it may have, and of another case than the
		// Go package's.
		name:  "token_package_name",
		flags: []string{"--name", "My-Pkg_2"},
		files: one(`// Thing has the token My-Pkg_2:a:Thing.
type Thing struct {
	idl.NamedResource
	// Other refers to another.
	Other *Thing ` + "`lumi:\"optional\"`" + `
}
`),
	},
	{
		// Token package names that Pulumi does not take.
		name:  "bad_token_package_name",
		flags: []string{"--name", "2pkg"},
		files: one("type Thing struct{ idl.Resource }\n"),
		usage: `cidlc: --name "2pkg": a token's package name is ASCII letters, digits, _ and -, starting with a letter`,
	},
	{
		// A Go package name that Pulumi does not take for the package part of tokens.
		name: "non_ascii_package_name",
		files: map[string]string{
			"a.go":   "package größe\n\nimport \"github.com/cidlc/cidlc/idl\"\n\ntype Thing struct{ idl.Resource }\n",
			"doc.go": "// Package größe has a doc.\npackage größe\n",
		},
		diags: []string{"idl/a.go:1:1: package größe: its name starts every token, and Pulumi's tokens take only ASCII letters, digits, _ and -; rename the package, or give the token's package name with --name"},
	},
	{
		name: "reserved_property_names",
		files: one(`type Thing struct {
	idl.Resource
	// Urn would hide the URN.
	Urn string
	// ID would be the ID, but is an input.
	ID string
	// GetProvider would hide a method.
	GetProvider string
	// Constructor cannot be a class property.
	Constructor string
	// Pulumi is reserved by its wire name.
	Pulumi string ` + "`lumi:\"__pulumi\"`" + `
}
`),
		diags: []string{
			`idl/a.go:8:2: Thing.Urn: a property named "urn" is not allowed: it would hide the resource's URN (pulumi.CustomResource.urn)`,
			`idl/a.go:10:2: Thing.ID: a property named "id" is not allowed: it would hide the resource's ID; only an out property may be named id, and it then is the ID`,
			`idl/a.go:12:2: Thing.GetProvider: a property named "getProvider" is not allowed: it would hide pulumi.CustomResource.getProvider`,
			`idl/a.go:14:2: Thing.Constructor: a property named "constructor" is not allowed: a class cannot have a property named constructor`,
			`idl/a.go:16:2: Thing.Pulumi: wire name "__pulumi" is reserved: names starting with __ belong to the Pulumi runtime`,
		},
	},
	{
		// Names the TypeScript package makes up that the author's names take: the author's stay, the
		// twins give way (RuleTypeArgs, BucketResourceArgs, BucketResourceState), and the package compiles.
		name: "ts_generated_name_collisions",
		files: map[string]string{
			"a.go": idlFile("p", `type Rule struct{ A string }

type RuleArgs struct{ B string }

type Bucket struct {
	idl.Resource
	Rule  Rule
	Color *Color `+bt+`lumi:"optional"`+bt+`
	State *BucketState `+bt+`lumi:"optional"`+bt+`
}

type Color string

const (
	ColorRed   Color = "red"
	BucketArgs Color = "args"
)
`),
			"b.go": idlFile("p", `type BucketState string
`),
		},
	},
	{
		// Two names the author wrote that the TypeScript package would export alike stay an error,
		// reported where the IDL declares the later one.
		name: "ts_namespace_collision",
		files: map[string]string{
			"Sub/c.go": idlFile("sub", `type Thing struct{ idl.Resource }
`),
			"d.go": idlFile("p", `type Sub string
`),
		},
		diags: []string{
			"idl/d.go:3:6: Sub: the TypeScript name Sub of type Sub is also the name of the namespace of directory Sub/; rename one of them",
		},
	},
	{
		// Names the Go stubs generate that the author's names take: the author's stay, the generated ones
		// give way (UnmarshalRuleType, NewDiskResourceProvider, BucketResourceProvider), and the stubs
		// compile.
		name: "go_generated_name_collisions",
		files: map[string]string{
			"a.go": idlFile("p", `type Rule struct{ A string }

type UnmarshalRule string

type Bucket struct{ idl.Resource }

type Disk struct {
	idl.Resource
	Size float64 `+bt+`lumi:"min=1"`+bt+`
}

const NewDiskProvider = "x"
`),
			"b.go": idlFile("p", `type BucketProvider struct{ idl.Resource }

// DiskSize's marshaling struct and the contract of Disk.Size both want the name diskSize: unexported
// names the author never sees, which the stubs make unique rather than report.
type DiskSize struct{ idl.Resource }
`),
		},
	},
	{
		// Type names end type tokens, which Pulumi wants in ASCII (see idl/doc.go).
		name: "non_ascii_type_name",
		files: one(`// Größe is a resource with a non-ASCII name.
type Größe struct{ idl.Resource }

// Ωmega is a struct.
type Ωmega struct{ A string }

// Δ is an enum.
type Δ string

const Δa Δ = "a"

// AΣ is an alias.
type AΣ string
`),
		diags: []string{
			"idl/a.go:6:6: type Größe: a type name must be ASCII (letters, digits and _): it ends the type token p:a:Größe, and Pulumi's type tokens are ASCII; rename it",
			"idl/a.go:9:6: type Ωmega: a type name must be ASCII (letters, digits and _): it ends the type token p:a:Ωmega, and Pulumi's type tokens are ASCII; rename it",
			"idl/a.go:12:6: type Δ: a type name must be ASCII (letters, digits and _): it ends the type token p:a:Δ, and Pulumi's type tokens are ASCII; rename it",
			"idl/a.go:17:6: type AΣ: a type name must be ASCII (letters, digits and _): it ends the type token p:a:AΣ, and Pulumi's type tokens are ASCII; rename it",
		},
	},
	{
		// Go exports no name that starts with a letter without case: the hint must say what to write.
		name: "caseless_unexported",
		files: one(`type Thing struct {
	idl.Resource
	中文 string
	名前 *string ` + "`lumi:\"optional\"`" + `
	_x string
	ñame string
}

const 名前 = "x"

type 型 string

type _T string
`),
		diags: []string{
			"idl/a.go:7:2: Thing.中文: unexported fields are not allowed in the IDL; export it (X中文 `lumi:\"中文\"`: Go exports only names that start with an upper-case letter, and 中 has no upper case) to make it a property, or remove it",
			"idl/a.go:8:2: Thing.名前: a lumi tag on an unexported field; export the field (X名前: Go exports only names that start with an upper-case letter, and 名 has no upper case) to make it a property",
			"idl/a.go:9:2: Thing._x: unexported fields are not allowed in the IDL; export it (X_x) to make it a property, or remove it",
			"idl/a.go:10:2: Thing.ñame: unexported fields are not allowed in the IDL; export it (Ñame) to make it a property, or remove it",
			"idl/a.go:13:7: const 名前: unexported constants are not allowed in the IDL; export it (X名前: Go exports only names that start with an upper-case letter, and 名 has no upper case)",
			"idl/a.go:15:6: type 型: unexported types are not allowed in the IDL; export it (X型: Go exports only names that start with an upper-case letter, and 型 has no upper case)",
			"idl/a.go:17:6: type _T: unexported types are not allowed in the IDL; export it (X_T)",
		},
	},
	{
		name: "non_ascii_names",
		files: one(`// Thing has non-ASCII fields, constants and enum values.
type Thing struct {
	idl.Resource
	// Größe is German.
	Größe float64
	// Ñame is Spanish.
	Ñame string
	// Δέλτα is Greek.
	Δέλτα string
	// X中文 is Chinese behind a capital.
	X中文 string
	// Named has a Japanese wire name.
	Named string ` + "`lumi:\"名前\"`" + `
	// Cyr has a Cyrillic wire name.
	Cyr string ` + "`lumi:\"имя\"`" + `
	// Hook has a letter that is ID_Start in Go but not in JavaScript.
	Hook string ` + "`lumi:\"aⸯb\"`" + `
	// Color is an enum.
	Color Farbe
}

// Farbe is an enum with non-ASCII names.
type Farbe string

const (
	FarbeRöt  Farbe = "röt"
	FarbeGrün Farbe = "grün"
	Ξ         Farbe = "ξ"
)

// Π is a constant.
const Π = 3.14159

// Ä is a string constant.
const Ä = "ä"
`),
	},
}

// long returns a name of n characters that starts with prefix.
func long(prefix string, n int) string {
	return prefix + strings.Repeat("x", n-len(prefix))
}

// crlf replaces every line end with CRLF.
func crlf(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }

// fields declares a field of type typ per name, each with a doc comment.
func fields(typ string, names ...string) string {
	var b strings.Builder
	for _, n := range names {
		fmt.Fprintf(&b, "\t// %s is named %s.\n\t%s %s\n", n, n, n, typ)
	}
	return b.String()
}
