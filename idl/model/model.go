// Package model is cidlc's model of an IDL: the tree of IDL packages, their files, and the resources,
// functions, structs, enums, aliases and constants declared in them, with their properties and types.
//
// The words of the model are cidlc's vocabulary (docs/architecture.md has the glossary): a Tree is the
// whole IDL (one Pulumi package, named by Tree.Name), a Package is one Go package of it, a File one IDL
// source file, and a File's Module is the middle part of its declarations' tokens, as in Pulumi's own
// schema. "Schema" is reserved for the Pulumi package schema (package gen/pulumischema).
//
// The model is pure data. It is built and validated by package load; backends read it and must not change
// it. Every declaration carries its doc comment (as written, comment markers removed) and the
// token.Position of its name in the IDL source, so that later stages can report positioned diagnostics
// without going back to the Go syntax tree.
//
// Pointers between nodes (a property's type referring to a struct, a file referring to its package) are
// resolved: backends never look anything up by name. Each back-reference is named after the node it
// points to (File.Package, Package.Tree, Decl.File) and is excluded from JSON, so that
// `cidlc --print-model` prints a tree, with tokens standing in for references.
package model

import (
	"cmp"
	"go/token"
	"slices"
	"strings"
	"time"
)

// Tree is a whole IDL: the root Go package given on the command line and every package below it. It
// describes one Pulumi package.
type Tree struct {
	// Name is the Pulumi package name, the first part of every token (`aws` in
	// `aws:ec2/securityGroup:SecurityGroup`): the --name flag, or the Go name of the root package.
	Name string `json:"name"`
	// Path is the Go import path of the IDL root directory.
	Path string `json:"path"`
	// Doc is the doc comment of the root package, if it has one.
	Doc string `json:"doc,omitempty"`
	// Packages are the Go packages of the tree, sorted by Dir; the root package (Dir "") comes first.
	Packages []*Package `json:"packages"`
	// Config is the provider's configuration, nil when the IDL declares none: the Config of the file of
	// the root package that declares it.
	Config *Config `json:"-"`
	// Warnings are what the loader found questionable in an IDL that compiles (Diagnostic explains
	// warnings), sorted by position. They are about the source, not part of the model's JSON.
	Warnings Diagnostics `json:"-"`
}

// Package is one Go package of the IDL tree.
type Package struct {
	// Dir is the package's directory relative to the IDL root, slash-separated; "" for the root.
	Dir string `json:"dir"`
	// Name is the Go package name (`ec2`).
	Name string `json:"name"`
	// Path is the Go import path.
	Path string `json:"path"`
	// Doc is the package doc comment.
	Doc string `json:"doc,omitempty"`
	// Pos is the package clause of the file that holds the doc comment, or else of the first file.
	Pos token.Position `json:"pos"`
	// Files are the package's IDL files, sorted by Path.
	Files []*File `json:"files"`

	Tree *Tree `json:"-"`
}

// File is one IDL source file. Each file becomes one output file per backend.
type File struct {
	// Path is the file's path relative to the IDL root, slash-separated (`ec2/securityGroup.go`).
	Path string `json:"path"`
	// Module is the module part of the tokens of the file's declarations, as Pulumi calls it: Path
	// without `.go` (`ec2/securityGroup`).
	Module string `json:"module"`

	// Declarations, each list in source order.
	Resources       []*Resource      `json:"resources,omitempty"`
	ResourceAliases []*ResourceAlias `json:"resourceAliases,omitempty"`
	Functions       []*Function      `json:"functions,omitempty"`
	Structs         []*Struct        `json:"structs,omitempty"`
	Enums           []*Enum          `json:"enums,omitempty"`
	Aliases         []*Alias         `json:"aliases,omitempty"`
	Consts          []*Const         `json:"consts,omitempty"`
	// Config is the provider's configuration, if this file declares it (a file of the root package).
	Config *Config `json:"config,omitempty"`

	// Directives are the file's //cidlc: comments, in source order.
	Directives []*Directive `json:"directives,omitempty"`

	Package *Package `json:"-"`
}

// Directive is a //cidlc:NAME comment of an IDL file: an instruction to cidlc beside the declarations,
// such as `//cidlc:accept type-changed:network.Subnet.region regions are an enum since 2.0`. As for Go's
// own directives (//go:generate), there is no space after the slashes, and doc comments leave the line out.
// The loader accepts only the names it knows; what the arguments mean is the business of the part of
// cidlc that reads them.
type Directive struct {
	// Name is the word after `//cidlc:` (`accept`).
	Name string `json:"name"`
	// Args is the rest of the line, without the space before it and trailing spaces.
	Args string         `json:"args,omitempty"`
	Pos  token.Position `json:"pos"`
}

// Decl is what every named declaration has.
type Decl struct {
	// Name is the Go name of the declaration (`SecurityGroup`).
	Name string `json:"name"`
	// Token is the declaration's token `<pkg>:<module>:<Name>`; a function's ends in its CallName.
	// Empty for constants and resource aliases.
	Token string `json:"token,omitempty"`
	// Doc is the doc comment, comment markers removed, lines joined with "\n", no trailing newline.
	Doc string         `json:"doc,omitempty"`
	Pos token.Position `json:"pos"`

	File *File `json:"-"`
}

// Resource is a struct that embeds idl.Resource or idl.NamedResource.
type Resource struct {
	Decl
	// Named is true for resources that embed idl.NamedResource. Their first property is the synthetic
	// `name` property.
	Named bool `json:"named,omitempty"`
	// Properties in source order (the synthetic `name` first).
	Properties []*Property `json:"properties"`
	// Checks are the checks of its inputs as a whole (//cidlc:check), its own and those of the structs
	// it embeds.
	Checks []*Check `json:"checks,omitempty"`
	// Formerly are the type tokens the resource had in earlier versions (formerly=): Pulumi's aliases of
	// its type, which the TypeScript package passes and the provider answers.
	Formerly []string `json:"formerly,omitempty"`
	// StateVersion is the version of the shape of the resource's state (stateVersion=), 0 when none is
	// declared; the provider migrates a state of an earlier version with the ops' MigrateFrom<V>.
	StateVersion int `json:"stateVersion,omitempty"`
	// Timeouts are the resource's default timeouts: what its embedded marker's tag says.
	Timeouts Timeouts `json:"timeouts,omitzero"`
	// Verbatim is true for a named resource whose name, when the program gives none, is the resource's
	// own (Pulumi) name itself (the marker's verbatim): a name that is the resource's identity, such as a
	// database's. A named resource without it is autonamed: the provider makes up a name of the
	// resource's own, a hyphen and random hexadecimal digits, so that a replacement can be created before
	// the old resource is deleted, and two stacks do not claim one name.
	Verbatim bool `json:"verbatim,omitempty"`
}

// UpdatesInPlace reports whether a change of the resource's inputs can update it in place: whether one
// of its inputs neither replaces it nor is immutable. A resource whose every input replaces it has no
// Update: every change replaces it, or fails.
func (r *Resource) UpdatesInPlace() bool {
	for _, p := range r.Properties {
		if !p.Out && !p.Replaces && !p.Immutable {
			return true
		}
	}
	return false
}

// Timeouts are how long a resource's operations may take when a program does not say (with Pulumi's
// customTimeouts resource option, which overrides them operation by operation): the IDL's
// createTimeout=, updateTimeout= and deleteTimeout= (and timeout=, for those not given). Zero is no
// limit. In JSON, a duration is a number of nanoseconds, as encoding/json writes a time.Duration.
type Timeouts struct {
	Create time.Duration `json:"create,omitempty"`
	Update time.Duration `json:"update,omitempty"`
	Delete time.Duration `json:"delete,omitempty"`
}

// String lists the timeouts that are set, as docs say them: "create 10m, delete 1h30m"; "" for none.
func (t Timeouts) String() string {
	var parts []string
	for _, op := range []struct {
		name string
		d    time.Duration
	}{{"create", t.Create}, {"update", t.Update}, {"delete", t.Delete}} {
		if op.d > 0 {
			parts = append(parts, op.name+" "+Duration(op.d))
		}
	}
	return strings.Join(parts, ", ")
}

// Duration writes d as Pulumi's customTimeouts and the IDL write durations: 90s, 10m, 1h30m (where
// time.Duration writes 10m0s and 1h30m0s).
func Duration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// ResourceAlias is another name for a resource, declared from it: `type ActionTarget sns.Topic`, what
// the 2017 IDLs called a strongly typed capability. It names references only: a property of its type,
// written by value or behind a pointer, alone or in arrays and maps, is a Capability to Resource
// (Type.Via says which alias it was written with). It declares no resource type of its own: its Token
// is empty, and no backend registers anything for it; the TypeScript package exports its name as
// another name for the resource's class.
type ResourceAlias struct {
	Decl
	// Ref is the token of the resource.
	Ref      string    `json:"ref"`
	Resource *Resource `json:"-"`
}

// Function is a struct that embeds idl.Function: a question the provider answers (Pulumi's invoke).
// Programs call it by CallName with its inputs and get its results. Its Token is
// `<pkg>:<module>:<CallName>`, as Pulumi names functions (acme:compute/image:getImage).
type Function struct {
	Decl
	// CallName is the name programs call the function by, and the last part of its token: the Go name
	// lower-camel-cased as wire names are (GetImage → getImage, IPRanges → ipRanges).
	CallName string `json:"callName"`
	// Properties in source order: those without Out are the inputs, those with Out the results (Optional
	// for a result that may be absent). In, Replaces and Synthetic are never set.
	Properties []*Property `json:"properties"`
	// Checks are the checks of its inputs as a whole (//cidlc:check).
	Checks []*Check `json:"checks,omitempty"`
	// Formerly are the tokens the function had in earlier versions (formerly=), which the provider
	// answers too.
	Formerly []string `json:"formerly,omitempty"`
}

// Inputs returns the function's inputs, in source order.
func (f *Function) Inputs() []*Property { return f.props(false) }

// Results returns the function's results, in source order.
func (f *Function) Results() []*Property { return f.props(true) }

func (f *Function) props(out bool) []*Property {
	var ps []*Property
	for _, p := range f.Properties {
		if p.Out == out {
			ps = append(ps, p)
		}
	}
	return ps
}

// Struct is a plain struct type: a shape used by resource properties.
type Struct struct {
	Decl
	Properties []*Property `json:"properties"`
	// Checks are the checks of each value of the struct as a whole (//cidlc:check).
	Checks []*Check `json:"checks,omitempty"`
}

// Config is the provider's configuration: the struct of the root IDL package that embeds idl.Config. Its
// properties are the provider's configuration keys (`acme:region` in a stack's configuration, an
// argument of an explicit provider), read by the provider when the engine configures it. It declares
// no type of its own, so its Token is empty: what it configures is the provider resource,
// `pulumi:providers:<pkg>`. A configuration property is never out or in; Replaces means that a change
// of it replaces the provider, and with it every resource the provider manages; Env names the
// environment variables that stand in for it.
type Config struct {
	Decl
	Properties []*Property `json:"properties"`
	// Checks are the checks of the configuration as a whole (//cidlc:check).
	Checks []*Check `json:"checks,omitempty"`
}

// Enum is a string type with a set of constants of that type; the constants are its values.
type Enum struct {
	Decl
	// Values in declaration order.
	Values []*EnumValue `json:"values"`
}

// EnumValue is one constant of an enum.
type EnumValue struct {
	Name  string         `json:"name"`
	Value string         `json:"value"`
	Doc   string         `json:"doc,omitempty"`
	Pos   token.Position `json:"pos"`
}

// Alias is a named type that is not a struct and not an enum: `type ARN string`,
// `type Environment map[string]string`.
type Alias struct {
	Decl
	// Type is the aliased type.
	Type *Type `json:"type"`
}

// Const is a constant that is not an enum value.
type Const struct {
	Decl
	// Type is a primitive (Bool, Number, Integer or String) or an EnumRef.
	Type *Type `json:"type"`
	// Value is a bool, float64 (a whole number for an Integer) or string.
	Value any `json:"value"`
}

// Property is a field of a resource, function or struct.
type Property struct {
	// GoName is the Go field name (`GroupID`).
	GoName string `json:"goName"`
	// Name is the wire name (`groupID`): from the lumi tag, else derived from GoName.
	Name string         `json:"name"`
	Doc  string         `json:"doc,omitempty"`
	Pos  token.Position `json:"pos"`
	// Type is the property's type, pointers removed: `*string` is String, `*VPC` is a Capability.
	Type *Type `json:"type"`

	// Optional: the caller may leave the property unset.
	Optional bool `json:"optional,omitempty"`
	// Out: the provider sets the property after create; callers may not set it. Of a function: a result.
	// Resources and functions only.
	Out bool `json:"out,omitempty"`
	// In: a write-only input, which the provider never returns (the service does not): Read keeps the
	// program's value, an import leaves it unset. Resources only.
	In bool `json:"in,omitempty"`
	// Replaces: a change to the property replaces the resource. Resources, and the configuration, where a
	// change replaces the provider.
	Replaces bool `json:"replaces,omitempty"`
	// Immutable: the property is set when the resource is created and never changes afterwards (MuranoPL's
	// Const usage); a change fails instead of updating or replacing the resource, unless the resource is
	// replaced anyway. Resources only, and never with Replaces or Out.
	Immutable bool `json:"immutable,omitempty"`
	// Synthetic marks the `name` property that idl.NamedResource adds: it has no Go field of its own.
	Synthetic bool `json:"synthetic,omitempty"`

	// Default is the value an input takes when the caller leaves it out (default=): a bool, float64 (a
	// whole number for an Integer) or string (for enums, the value's string). nil when there is none. A property with a default is
	// neither Optional nor absent once defaults are filled in.
	Default any `json:"default,omitempty"`
	// Secret: the value is a secret in state and outputs.
	Secret bool `json:"secret,omitempty"`
	// Deprecated is the deprecation message (deprecated=), "" when the property is not deprecated.
	Deprecated string `json:"deprecated,omitempty"`
	// Constraints limit the property's values; nil when there are none.
	Constraints *Constraints `json:"constraints,omitempty"`
	// Env are the environment variables read, in order, when the property is not configured (env=): the
	// first that is set and not empty gives the value, before Default does. Configuration only.
	Env []string `json:"env,omitempty"`
	// Rules relate the property to other properties of its declaration (conflictsWith=, requiredWith=,
	// exactlyOneOf=, atLeastOneOf=), as the tag writes them; Relations gathers a declaration's. Only
	// optional inputs take part in them, as the loader made sure.
	Rules []*Rule `json:"rules,omitempty"`
}

// Constraints are the value contracts of a property (min=, pattern=, minItems=, …). Each field applies
// to one kind of value, as the loader checked: numbers, strings (lengths count Unicode code points),
// arrays, or maps. Items constrains the elements of an array or the values of a map.
type Constraints struct {
	Min          *float64 `json:"min,omitempty"`
	Max          *float64 `json:"max,omitempty"`
	ExclusiveMin *float64 `json:"exclusiveMin,omitempty"`
	ExclusiveMax *float64 `json:"exclusiveMax,omitempty"`
	MultipleOf   *float64 `json:"multipleOf,omitempty"`

	MinLength *int `json:"minLength,omitempty"`
	MaxLength *int `json:"maxLength,omitempty"`
	// Pattern is an RE2 regular expression, matched anywhere in the string unless anchored with ^ and $.
	// The loader accepts only patterns that JavaScript reads the same way (see package idl/pattern).
	Pattern string `json:"pattern,omitempty"`

	MinItems    *int `json:"minItems,omitempty"`
	MaxItems    *int `json:"maxItems,omitempty"`
	UniqueItems bool `json:"uniqueItems,omitempty"`

	MinProperties *int `json:"minProperties,omitempty"`
	MaxProperties *int `json:"maxProperties,omitempty"`

	Items *Constraints `json:"items,omitempty"`
}

// Kind says what a Type is.
type Kind string

// The kinds of IDL types.
const (
	Bool        Kind = "bool"
	Number      Kind = "number"  // float64
	Integer     Kind = "integer" // int, or int32 (Type.Bits)
	String      Kind = "string"
	Any         Kind = "any"         // interface{} / any: a JSON-like value
	Asset       Kind = "asset"       // idl.Asset
	Archive     Kind = "archive"     // idl.Archive
	AnyResource Kind = "anyResource" // *idl.Resource: a reference to a resource of any type
	Capability  Kind = "capability"  // *R for a resource R: a reference to an R
	StructRef   Kind = "struct"
	EnumRef     Kind = "enum"
	AliasRef    Kind = "alias"
	Array       Kind = "array"
	Map         Kind = "map"
)

// Type is the type of a property, an alias, an array element or a map value.
//
// Types are shared: the loader makes one of each (one String, one reference to each declaration, one
// array of each element type) and gives it to every property that has that type, since a model holds one
// for every property, element and map value, most of them alike. Like the rest of the model, a Type is
// read-only; two properties with equal types may or may not share one, so compare types by their
// contents, never by their addresses.
type Type struct {
	Kind Kind `json:"kind"`
	// Elem is the element type of an Array and the value type of a Map.
	Elem *Type `json:"elem,omitempty"`
	// Key is the key type of a Map: String, or an EnumRef or AliasRef of a string type.
	Key *Type `json:"key,omitempty"`
	// Ref is the token of the referenced declaration, for Capability, StructRef, EnumRef and AliasRef.
	Ref string `json:"ref,omitempty"`
	// Bits is, for an Integer, 32 for int32, whose values are those of a 32-bit integer, and 0 for int,
	// whose values are the integers a JSON number holds exactly (±(2^53−1)), as every value crosses the
	// wire as one.
	Bits int `json:"bits,omitempty"`

	// Exactly one of these is set, for the kinds that refer to a declaration.
	Resource *Resource `json:"-"`
	Struct   *Struct   `json:"-"`
	Enum     *Enum     `json:"-"`
	Alias    *Alias    `json:"-"`

	// Via is, for a Capability written with the name of a ResourceAlias (ActionTarget), that alias; nil
	// when the IDL named the resource itself. The reference is to Resource either way; a backend that can
	// show the author's name for it (TypeScript) does.
	Via *ResourceAlias `json:"-"`
}

// IsPrimitive reports whether t is Bool, Number, Integer or String.
func (t *Type) IsPrimitive() bool {
	return t.Kind == Bool || t.Kind == Number || t.Kind == Integer || t.Kind == String
}

// IsNumeric reports whether t is a Number or an Integer: the types that number contracts (min=, max= …)
// constrain.
func (t *Type) IsNumeric() bool { return t.Kind == Number || t.Kind == Integer }

// Unaliased returns t with aliases looked through, through aliases of aliases: the type its values have,
// whatever its name. It returns nil for nil.
func (t *Type) Unaliased() *Type {
	for t != nil && t.Kind == AliasRef {
		t = t.Alias.Type
	}
	return t
}

// A TextKind says how a value reads from text, as a configuration's values do (a stack's configuration
// holds text, and so do environment variables): TextString, TextBool, TextNumber or TextJSON.
type TextKind string

// The text kinds. A string or an enum value is the text itself; a bool and a number are JSON when
// configured, and read as words and decimals from environment variables; anything else is JSON.
const (
	TextString TextKind = "string"
	TextBool   TextKind = "bool"
	TextNumber TextKind = "number"
	TextJSON   TextKind = "json"
)

// Text returns how a value of type t reads from text.
func (t *Type) Text() TextKind {
	switch t.Unaliased().Kind {
	case String, EnumRef:
		return TextString
	case Bool:
		return TextBool
	case Number, Integer:
		return TextNumber
	}
	return TextJSON
}

// Package returns the IDL package a declaration belongs to.
func (d *Decl) Package() *Package { return d.File.Package }

// A Declaration is one declaration of an IDL file: a *Resource, *ResourceAlias, *Function, *Struct,
// *Enum, *Alias, *Const or *Config. A backend that emits a file's declarations in source order type-switches over
// File.Declarations, so that a new kind of declaration is added to the model in one place.
type Declaration interface {
	// Declared returns what every declaration has: its name, token, doc and position.
	Declared() *Decl
}

// Declared returns d itself: every declaration embeds a Decl.
func (d *Decl) Declared() *Decl { return d }

// Declarations returns the file's declarations in source order.
func (f *File) Declarations() []Declaration {
	var ds []Declaration
	for _, r := range f.Resources {
		ds = append(ds, r)
	}
	for _, a := range f.ResourceAliases {
		ds = append(ds, a)
	}
	for _, fn := range f.Functions {
		ds = append(ds, fn)
	}
	for _, s := range f.Structs {
		ds = append(ds, s)
	}
	for _, e := range f.Enums {
		ds = append(ds, e)
	}
	for _, a := range f.Aliases {
		ds = append(ds, a)
	}
	for _, c := range f.Consts {
		ds = append(ds, c)
	}
	if f.Config != nil {
		ds = append(ds, f.Config)
	}
	slices.SortStableFunc(ds, func(a, b Declaration) int { return cmp.Compare(a.Declared().Pos.Offset, b.Declared().Pos.Offset) })
	return ds
}

// EachPosition calls f with every source position the tree holds (packages, declarations, properties and
// their rules, checks, enum values, directives), so that a caller can rewrite them: make them relative for printing, or name
// the files of another version of the IDL.
func (t *Tree) EachPosition(f func(*token.Position)) {
	props := func(ps []*Property, checks []*Check) {
		for _, p := range ps {
			f(&p.Pos)
			for _, r := range p.Rules {
				f(&r.Pos)
			}
		}
		for _, c := range checks {
			f(&c.Pos)
		}
	}
	for _, pkg := range t.Packages {
		f(&pkg.Pos)
		for _, file := range pkg.Files {
			for _, d := range file.Declarations() {
				f(&d.Declared().Pos)
				switch d := d.(type) {
				case *Resource:
					props(d.Properties, d.Checks)
				case *Function:
					props(d.Properties, d.Checks)
				case *Struct:
					props(d.Properties, d.Checks)
				case *Config:
					props(d.Properties, d.Checks)
				case *Enum:
					for _, v := range d.Values {
						f(&v.Pos)
					}
				}
			}
			for _, d := range file.Directives {
				f(&d.Pos)
			}
		}
	}
}
