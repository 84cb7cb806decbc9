package idlfuzz

// The generator's vocabularies. Each list starts with plain words, so that the zero choices of a short
// fuzz input stay plain, and goes on to words that mean something to one of the languages cidlc writes
// (TypeScript's globals and keywords, Go's predeclared names, names the generated code itself uses).

// typeWords name types. None is another followed by a suffix the backends add (Args, State, Provider,
// ProviderOps, Checker, Differ) or preceded by Marshal, Unmarshal or New, so that strict trees never
// ask for a name twice; loose trees get such pairs from collisionSuffixes.
var typeWords = []string{
	"Bucket", "Network", "Rule", "Policy", "Zone", "Queue", "Topic", "Table", "Volume", "Image", "Cluster",
	"Role", "Group", "Record", "Certificate", "Listener", "Subnet", "Gateway", "Route", "Key", "Secret",
	// TypeScript and JavaScript globals, and names @pulumi/pulumi exports.
	"Object", "Error", "Function", "Promise", "String", "Number", "Boolean", "Array", "Map", "Set", "Symbol",
	"Date", "JSON", "Math", "Record_", "Partial", "Input", "Output", "Resource", "CustomResource",
	"ComponentResource", "Inputs", "ID", "URN", "Asset", "Archive", "Config", "Exports", "Require", "Module",
	"Infinity", "NaN", "Undefined", "Null", "Reflect", "Proxy", "Buffer", "Process", "Global", "Window",
	// Go predeclared and stub names.
	"Context", "Any", "Int", "Float64", "Bool", "Byte", "Rune", "Error_", "Type", "Tokens", "Regexp",
	"Decoder", "Object_", "PropertyMap", "PropertyValue", "StubsV1", "Ops", "Hooks", "Obj",
}

// looseTypeWords are type names a strict tree never uses: non-ASCII letters make Go identifiers, and
// TypeScript ones, but type names end Pulumi's type tokens, which are ASCII.
var looseTypeWords = []string{"Größe", "Ñandú", "Δelta", "Ωmega", "Ünïcode"}

// collisionSuffixes make a second type name from a first that some backend would generate for it.
var collisionSuffixes = []string{"Args", "State", "Provider", "ProviderOps", "Checker", "Differ"}

// collisionPrefixes likewise.
var collisionPrefixes = []string{"New", "Marshal", "Unmarshal"}

// fieldWords name properties (Go field names). Explicit wire names come from wireWords.
var fieldWords = []string{
	"Size", "Count", "Description", "Enabled", "Tags", "Rules", "Port", "Zone", "Labels", "Spec", "Target",
	"VPC", "IPProtocol", "GroupID", "CIDRIP", "URLs", "IDsByZone", "ARN", "Arn2", "X", "A1",
	"Default", "Delete", "New", "Class", "Function", "Return", "Typeof", "Void", "Yield", "Await", "Let",
	"Static", "Enum", "Interface", "Package", "Private", "Protected", "Public", "Implements", "Super", "This",
	"Constructor_", "Prototype", "ToString", "ValueOf", "HasOwnProperty", "IsInstance", "Get", "Args", "Opts",
	"Pulumi", "Inputs", "Outputs", "Props", "State", "Resource", "Provider", "Context", "Ctx", "Err", "Ok",
	"String", "Type", "Map", "Range", "Func", "Chan", "Select", "Go", "Defer", "Fallthrough", "Len", "Cap",
	"Größe", "Ñame", "Δ", "Name_", "Urn_", "Id_",
}

// wireWords are explicit wire names.
var wireWords = []string{
	"size", "myName", "default", "new", "class", "delete", "function", "constructor_", "toString",
	"valueOf", "hasOwnProperty", "prototype", "__proto", "isInstance", "get", "pulumi", "opts", "args",
	"名前", "größe", "ⅰ", "_private", "x_y", "A", "ID", "$dollar", "yield", "await", "arguments", "eval",
}

// reservedWire are wire names a strict tree never uses: the IDL reserves them (name, id, urn,
// getProvider, constructor; __ prefixes), or reserves them on some declarations.
var reservedWire = map[string]bool{"name": true, "id": true, "urn": true, "getprovider": true, "constructor": true}

// loneReserved are the reserved names, for loose trees to hit.
var loneReserved = []string{"name", "id", "urn", "getProvider", "constructor", "__x", "__proto__"}

// dirWords name IDL sub-directories; the package name is the word, or dirPackages' when the word is
// not a Go identifier.
var dirWords = []string{
	"net", "storage", "compute", "iam", "new", "default", "class", "my-mod", "v2", "types", "index",
	"provider", "resource", "tokens", "context", "regexp", "asset", "archive", "pulumi", "lib", "dist",
	"x", "util", "utils", "internal_", "enum", "function", "object",
}

// dirPackages are the package names of dirWords that are not Go identifiers or are keywords.
var dirPackages = map[string]string{"my-mod": "mymod", "default": "default_", "new": "new_", "class": "class_",
	"enum": "enum_", "function": "function_", "internal_": "internal_"}

// packageWords name packages differently from their directories, to make two packages share a name.
var packageWords = []string{"util", "types", "common", "provider", "resource", "idl", "pulumi", "main_"}

// fileWords name IDL files (without .go).
var fileWords = []string{
	"types", "bucket", "network", "index", "rules", "my-file", "x", "default", "new", "class", "package",
	"tsconfig", "contracts", "A", "Types", "util", "bin", "node_modules_", "net", "storage",
}

// looseFileWords are file names a strict tree never uses: names a token cannot hold, names the go
// command drops (tests, other platforms, leading _ or .).
var looseFileWords = []string{"9lives", "a.b", "x_test", "x_windows", "x_arm64", "_hidden", ".dot", "a b", "ü", "größe", "_contracts"}

// looseDirWords likewise for directories.
var looseDirWords = []string{"testdata", "_hidden", ".dot", "vendor", "größe", "a b", "9x", "node_modules", "a.b", "bin"}

// enumValueWords are values of enums.
var enumValueWords = []string{
	"standard", "premium", "us-east-1", "", " ", "a,b", "it's", `"quoted"`, `back\slash`, "`tick`", "${x}",
	"*/", "/*", "<script>", "\u2028", "\u2029", "🎉", "größe", "line\nbreak", "tab\there", "\x00nul",
	"constructor", "__proto__", "toString", "null", "undefined", "true", "0", "-1", "1e3", "NaN",
}

// hostileText is what doc comments and strings are made of in strict trees (loose trees take the fuzz
// input's own bytes too).
var hostileText = []string{
	"A plain sentence.", "*/", "/*", "/**", "${x}", "`", "``", "\\", "\\n", "'", `"`, "<script>alert(1)</script>",
	"@deprecated", "@param x", "{@link X}", "\u2028", "\u2029", "🎉", "größe", "// nested", "#", "%s", "%v",
	"\t", "  trailing  ", "-->", "<!--", "]]>", "package main", "import \"os\"", "}", "{", "Code generated by x. DO NOT EDIT.",
	"\r", "\x7f", "\ufeff", "\u200b", "a\u0301",
}

// patterns are RE2 patterns with a string each matches, for strict trees that give a default.
var patterns = []struct{ re, example string }{
	{`^[a-z]+$`, "abc"},
	{`^[a-z]{1,3}(-[a-z]{1,3})*$`, "ab-cd"},
	{`^\d+$`, "42"},
	{`[[:alpha:]]`, "x1"},
	{`(?i)^abc$`, "ABC"},
	{`^\p{L}+$`, "größe"},
	{`^\$\{x\}$`, "${x}"},
	{`\*/`, "a*/b"},
	{`^[^,]*$`, "no comma"},
	{`^it's$`, "it's"},
	{`^"q"$`, `"q"`},
	{`\\`, `a\b`},
	{`^.{2}$`, "😀😀"},
	{`^\x{1F600}$`, "😀"},
	{`\Aab\z`, "ab"},
	{`^(a|b)c?$`, "a"},
	{"^\u2028$", "\u2028"},
	{`(?s)^a.b$`, "a\nb"},
	{`^[\x{600}-\x{6FF}]+$`, "عربي"},
	{`^\S+@\S+$`, "a@b"},
	{`\bword\b`, "a word here"},
	{`^[^\n]*$`, "one line"},
	{`^(?:a{2}){1,2}$`, "aaaa"},
	{`^.$`, "\U0001F600"},
	{`^$`, ""},
}

// badPatterns are patterns RE2 rejects.
var badPatterns = []string{`(`, `[a-`, `(?=a)`, `a**`, `\8`, `(?<n>a)\k<n>`, `x{2,1}`, `\p{Nope}`}
