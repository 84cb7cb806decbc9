// Package pulumischema is the --out-schema backend: it writes the IDL as a Pulumi package schema, the
// JSON document from which Pulumi's own `pulumi package gen-sdk` generates SDKs for every language Pulumi
// supports, and which a provider returns from GetSchema.
//
// The mapping:
//
//   - resources → "resources": every property but `in` ones in "properties" (an out property named id is
//     the resource's ID and is left out, as Pulumi reserves it), "required" for the properties that are
//     always present; every non-out property in "inputProperties", "requiredInputs" for those a caller
//     must give (not optional, no default, not the name of a named resource); every property in
//     "stateInputs";
//   - functions → "functions": the inputs in "inputs" ("required" for those a caller must give), the
//     results in "outputs" ("required" for those always returned). "outputs" is the JSON key of Pulumi's
//     ReturnType: the metaschema also lists a key "returnType", but the pinned tools never read it (a
//     function written with it comes out of `pulumi package gen-sdk` v3.256.0 as
//     `getX(args): Promise<void>`, without its Output form or its result type), and they write a
//     ReturnType back as "outputs" themselves;
//   - structs → object types; enums → string enum types (values in declaration order, with their docs,
//     named by their Go names less the enum's name: see enumValueNames); aliases → the aliased type,
//     inline;
//   - capabilities → resource references ("$ref": "#/resources/<token>"); a reference to any resource,
//     interface{}, idl.Asset and idl.Archive → Pulumi's builtin Any, Asset and Archive;
//   - the configuration → "config" (its "variables", and the required ones in "defaults", which is the
//     key Pulumi's tools read as the required list, though the metaschema's prose calls it the
//     optional ones) and "provider" (the same properties as its inputs); env= → "defaultInfo" (but
//     for an enum-typed key, whose default and variables its description says, see configSpec);
//   - replaces → "replaceOnChanges"; default= → "default"; secret → "secret"; deprecated= →
//     "deprecationMessage"; docs → "description". What the schema cannot express (min=, pattern=, …,
//     immutable, and a resource's default timeouts, for which its metaschema has no field) is appended
//     to the description as a readable sentence, and stays enforced by the provider.
//
// The package description is the root IDL package's doc comment; the other package fields come from
// Options, the version and pluginDownloadURL from its Release (cidlc --pkg-version and
// --plugin-download-url), which also sets language.<go|nodejs|python>.respectSchemaVersion so that the
// SDKs made from the schema pin the version, as the TypeScript package does. language.go always sets generateResourceContainerTypes, which the Go SDK needs to compile
// when a list or map of capabilities appears; meta.moduleFormat makes each IDL package a module of the
// SDKs, and a module whose directory cannot name a package in Go, TypeScript or Python is renamed for
// all three (see moduleNames).
//
// Pulumi's generators have limits of their own that a schema cannot work around, found by the golden
// cases (e2e/schema runs gen-sdk on them): a property name that is an identifier in Go but not in
// JavaScript or Python (aⸯb) is written verbatim into the TypeScript and Python SDKs; two resources
// that refer to each other make the TypeScript SDK's pulumi.Output<T> types circular; and the Go SDK
// lacks the types of a collection nested three deep (map[string]map[string][]T of a struct T). Output is deterministic: encoding/json sorts map keys, and lists keep the IDL's order.
package pulumischema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/idl/model"
)

// Options are the package fields that the IDL does not hold.
type Options struct {
	// File is the output file's path relative to its output directory (schema.json).
	File string
	// Release gives "version" and "pluginDownloadURL"; the zero Release leaves them out (the engine then
	// uses the plugin's version). With a version, the SDKs that Pulumi's generators make from the schema
	// pin it too (language.<go|nodejs|python>.respectSchemaVersion), as the pack does.
	gen.Release
	// Homepage, Repository, License, Publisher and DisplayName fill the fields of those names.
	Homepage, Repository, License, Publisher, DisplayName string
	// GoImportPath is language.go.importBasePath: where a generated Go SDK will live.
	GoImportPath string
	// NPMPackage is language.nodejs.packageName.
	NPMPackage string
}

// Backend writes the schema. It implements gen.Streamer.
type Backend struct{ Options Options }

// Name returns "pulumi-schema": the Pulumi package schema, not cidlc's model.
func (Backend) Name() string { return "pulumi-schema" }

// Generate returns the one schema file.
func (b Backend) Generate(tree *model.Tree) ([]*gen.File, error) {
	content, err := Marshal(tree, b.Options)
	if err != nil {
		return nil, err
	}
	return []*gen.File{{Path: b.file(), Content: content}}, nil
}

// Stream implements gen.Streamer: the one schema file, its content written when asked for
// (gen.File.Write) one type, resource or function at a time. The schema of a large IDL is the largest file cidlc writes, and
// building it whole, as JSON and as indented JSON, took several times its size in memory.
func (b Backend) Stream(tree *model.Tree, emit func(*gen.File)) error {
	opts := b.Options
	emit(&gen.File{Path: b.file(), Write: func(w io.Writer) error { return write(w, tree, opts) }})
	return nil
}

// file is the schema's path in its output directory.
func (b Backend) file() string {
	if b.Options.File == "" {
		return "schema.json"
	}
	return b.Options.File
}

// Marshal returns the schema of pkg as indented JSON with a final newline.
func Marshal(tree *model.Tree, opts Options) ([]byte, error) {
	var buf bytes.Buffer
	err := write(&buf, tree, opts)
	return buf.Bytes(), err
}

// The subset of Pulumi's schema types cidlc writes, in the field order of Pulumi's own PackageSpec.
type (
	packageJSON struct {
		Name              string         `json:"name"`
		DisplayName       string         `json:"displayName,omitempty"`
		Version           string         `json:"version,omitempty"`
		Description       string         `json:"description,omitempty"`
		Homepage          string         `json:"homepage,omitempty"`
		License           string         `json:"license,omitempty"`
		Repository        string         `json:"repository,omitempty"`
		PluginDownloadURL string         `json:"pluginDownloadURL,omitempty"`
		Publisher         string         `json:"publisher,omitempty"`
		Meta              *metaJSON      `json:"meta,omitempty"`
		Language          map[string]any `json:"language,omitempty"`
		Config            *configJSON    `json:"config,omitempty"`
		// Types, Resources and Functions are written entry by entry (write): here they only hold the
		// place of their entries, when there are any.
		Types     map[string]*complexJSON  `json:"types,omitempty"`
		Provider  *resourceJSON            `json:"provider,omitempty"`
		Resources map[string]*resourceJSON `json:"resources,omitempty"`
		Functions map[string]*functionJSON `json:"functions,omitempty"`
	}
	configJSON struct {
		Variables map[string]*propertyJSON `json:"variables"`
		// Required lists the variables that must be set. Its key is "defaults": Pulumi's own tools
		// (codegen/schema.ConfigSpec) read that key as the required variables, whatever the metaschema's
		// description of it says.
		Required []string `json:"defaults,omitempty"`
	}
	defaultInfoJSON struct {
		Environment []string `json:"environment"`
	}
	metaJSON struct {
		ModuleFormat string `json:"moduleFormat"`
	}
	typeJSON struct {
		Type                 string    `json:"type,omitempty"`
		Ref                  string    `json:"$ref,omitempty"`
		AdditionalProperties *typeJSON `json:"additionalProperties,omitempty"`
		Items                *typeJSON `json:"items,omitempty"`
	}
	propertyJSON struct {
		// name is the property's name: its key in the object that holds it.
		name string
		typeJSON
		Description        string           `json:"description,omitempty"`
		Default            any              `json:"default,omitempty"`
		DefaultInfo        *defaultInfoJSON `json:"defaultInfo,omitempty"`
		DeprecationMessage string           `json:"deprecationMessage,omitempty"`
		Secret             bool             `json:"secret,omitempty"`
		ReplaceOnChanges   bool             `json:"replaceOnChanges,omitempty"`
	}
	objectJSON struct {
		Description string         `json:"description,omitempty"`
		Properties  propertiesJSON `json:"properties,omitempty"`
		Type        string         `json:"type,omitempty"`
		Required    []string       `json:"required,omitempty"`
	}
	complexJSON struct {
		objectJSON
		Enum []enumValueJSON `json:"enum,omitempty"`
	}
	enumValueJSON struct {
		Name        string `json:"name,omitempty"`
		Description string `json:"description,omitempty"`
		Value       string `json:"value"`
	}
	functionJSON struct {
		Description string      `json:"description,omitempty"`
		Inputs      *objectJSON `json:"inputs,omitempty"`
		Outputs     *objectJSON `json:"outputs"`
	}
	resourceJSON struct {
		objectJSON
		InputProperties propertiesJSON `json:"inputProperties,omitempty"`
		RequiredInputs  []string       `json:"requiredInputs,omitempty"`
		StateInputs     *objectJSON    `json:"stateInputs,omitempty"`
		// Aliases are the resource's earlier type tokens (formerly=), as the metaschema's alias
		// objects: the SDKs that Pulumi generates pass them as the resource's aliases.
		Aliases []aliasJSON `json:"aliases,omitempty"`
	}
	aliasJSON struct {
		Type string `json:"type"`
	}
)

// propertiesJSON are the properties of an object, by name: a JSON object whose keys are their names,
// sorted, as encoding/json writes a map. A slice sorted once (sort) is what the hand-written encoding
// (encode.go) writes an entry's objects from: cheaper to make than a map, and its keys need no sorting
// there. A declaration's properties have names of their own (the loader rejects two with one name), so
// the keys are unique.
type propertiesJSON []*propertyJSON

// sort puts the properties in the order of their names.
func (ps propertiesJSON) sort() {
	slices.SortFunc(ps, func(a, b *propertyJSON) int { return strings.Compare(a.name, b.name) })
}

// MarshalJSON writes the properties as encoding/json writes a map of them: for the package's head,
// which encoding/json writes, and for the test that holds the entries' encoding to encoding/json's.
func (ps propertiesJSON) MarshalJSON() ([]byte, error) {
	m := make(map[string]*propertyJSON, len(ps))
	for _, p := range ps {
		m[p.name] = p
	}
	return appendEncoded(nil, m)
}

// moduleFormat extracts Pulumi's module from a token's module part: the directory of the IDL file
// (`ec2/securityGroup` → `ec2`, `a/b/c` → `a/b`, `types` → the index module), so that SDKs group
// resources by IDL package. Pulumi takes the first group of the leftmost match, unanchored
// (regexp.FindStringSubmatch): a part without a slash must not match at all, and a lazy or optional
// prefix would match empty at the start of every part and put everything in the index module.
const moduleFormat = "(.*)(?:/[^/]*)"

func packageSpec(tree *model.Tree, opts Options) *packageJSON {
	spec := &packageJSON{
		Name:              tree.Name,
		DisplayName:       opts.DisplayName,
		Version:           opts.Version,
		Description:       tree.Doc,
		Homepage:          opts.Homepage,
		License:           opts.License,
		Repository:        opts.Repository,
		PluginDownloadURL: opts.PluginDownloadURL,
		Publisher:         opts.Publisher,
		Meta:              &metaJSON{ModuleFormat: moduleFormat},
	}
	// The Go SDK declares the array and map types of a resource (VPCArray, VPCMap and their Input and
	// Output types) only when asked to, but uses them wherever a list or map of capabilities appears.
	golang := map[string]any{"generateResourceContainerTypes": true}
	if opts.GoImportPath != "" {
		golang["importBasePath"] = opts.GoImportPath
	}
	nodejs := map[string]any{}
	if opts.NPMPackage != "" {
		nodejs["packageName"] = opts.NPMPackage
	}
	python := map[string]any{}
	if names := moduleNames(tree); len(names) > 0 {
		golang["moduleToPackage"] = names
		nodejs["moduleToPackage"] = names
		python["moduleNameOverrides"] = names
	}
	// Pulumi's generators write a placeholder where the version goes (to be replaced when the SDK is
	// built) unless told to take the schema's: the version of the release is the SDKs' too.
	if opts.Pinned() {
		for _, lang := range []map[string]any{golang, nodejs, python} {
			lang["respectSchemaVersion"] = true
		}
	}
	spec.Language = map[string]any{"go": golang}
	if len(nodejs) > 0 {
		spec.Language["nodejs"] = nodejs
	}
	if len(python) > 0 {
		spec.Language["python"] = python
	}
	if tree.Config != nil {
		spec.Config, spec.Provider = configSpec(tree.Name, tree.Config)
	}
	return spec
}

// entry is one entry of the schema's "types", "resources" or "functions": its token, and what builds
// its value, in the memory of an arena.
type entry struct {
	token string
	build func(*arena) any
}

// arena is memory that the entries, built and encoded one at a time (write), make their properties'
// schemas in, and use again once the entry is encoded: nothing of an entry's value is kept after that,
// and a schema has a property's schema for every property of the IDL.
type arena struct{ props []propertyJSON }

// property returns a place for a property's schema.
func (a *arena) property() *propertyJSON {
	// A slice that grows leaves what it held where it was, for the pointers already handed out.
	a.props = append(a.props, propertyJSON{})
	return &a.props[len(a.props)-1]
}

// reset makes the arena's memory free for the next entry.
func (a *arena) reset() { a.props = a.props[:0] }

// entries returns the schema's types, resources and functions, in the order of the model.
func entries(tree *model.Tree) (types, resources, functions []entry) {
	for _, pkg := range tree.Packages {
		for _, f := range pkg.Files {
			for _, r := range f.Resources {
				resources = append(resources, entry{r.Token, func(a *arena) any { return resourceSpec(a, r) }})
			}
			for _, fn := range f.Functions {
				functions = append(functions, entry{fn.Token, func(a *arena) any { return functionSpec(a, fn) }})
			}
			for _, s := range f.Structs {
				types = append(types, entry{s.Token, func(a *arena) any {
					obj := objectSpec(model.DeclarationDoc(s.Doc, s.Name, s.Name, s.Properties, s.Checks), s.Properties, propertySpecs(a, s.Properties, s.Properties), func(p *model.Property) bool { return true })
					return &complexJSON{objectJSON: *obj}
				}})
			}
			for _, e := range f.Enums {
				types = append(types, entry{e.Token, func(*arena) any {
					t := &complexJSON{objectJSON: objectJSON{Description: e.Doc, Type: "string"}}
					names := enumValueNames(e)
					for i, v := range e.Values {
						t.Enum = append(t.Enum, enumValueJSON{Name: names[i], Description: v.Doc, Value: v.Value})
					}
					return t
				}})
			}
		}
	}
	return types, resources, functions
}

// moduleNames returns the names the SDKs give the modules whose directories cannot name a package in
// all of them: Go, TypeScript and Python take a module's path as a package path, each element a package
// or namespace name that must be an identifier and not a keyword (my-mod, new, class). Such an element
// becomes the Go name of the IDL package in that directory (package mymod in my-mod), made safe in the
// same way if need be; other modules keep their directories.
func moduleNames(tree *model.Tree) map[string]string {
	goNames := map[string]string{}
	for _, pkg := range tree.Packages {
		goNames[pkg.Dir] = pkg.Name
	}
	names := map[string]string{}
	for _, pkg := range tree.Packages {
		if pkg.Dir == "" || !hasTokens(pkg) {
			continue
		}
		elems := strings.Split(pkg.Dir, "/")
		renamed := false
		for i, e := range elems {
			if safeModuleName(e) {
				continue
			}
			name, ok := goNames[strings.Join(elems[:i+1], "/")]
			if !ok || !safeModuleName(name) {
				name = safeName(e)
			}
			elems[i], renamed = name, true
		}
		if renamed {
			names[pkg.Dir] = strings.Join(elems, "/")
		}
	}
	return names
}

// hasTokens says whether the schema has anything of module m.
func hasTokens(pkg *model.Package) bool {
	for _, f := range pkg.Files {
		if len(f.Resources)+len(f.Functions)+len(f.Structs)+len(f.Enums) > 0 {
			return true
		}
	}
	return false
}

// safeModuleName says whether s can name a package or namespace in every SDK: an ASCII identifier that
// is not a keyword of Go, JavaScript or Python (Go lower-cases module names, so a lower-case keyword
// in any case is one).
func safeModuleName(s string) bool {
	if s == "" || keywords[strings.ToLower(s)] || keywords[s] {
		return false
	}
	for i, r := range s {
		if !(r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || i > 0 && '0' <= r && r <= '9') {
			return false
		}
	}
	return true
}

// safeName makes s a safe module name: what is not an ASCII letter, digit or underscore is dropped, a
// leading digit gets an m in front and a keyword an underscore behind.
func safeName(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' {
			b.WriteRune(r)
		}
	}
	name := b.String()
	if name == "" || '0' <= name[0] && name[0] <= '9' {
		name = "m" + name
	}
	if !safeModuleName(name) {
		name += "_"
	}
	return name
}

// keywords are the keywords and reserved words of Go, JavaScript (strict mode, where TypeScript
// namespaces live) and Python.
var keywords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`
		break case chan const continue default defer else fallthrough for func go goto if import interface
		map package range return select struct switch type var
		await catch class debugger delete do enum export extends false finally function implements in
		instanceof let new null private protected public static super this throw true try typeof void
		while with yield
		False None True and as assert async def del elif except from global is lambda nonlocal not or
		pass raise`) {
		m[w] = true
	}
	return m
}()

// enumValueNames returns the schema names of an enum's values: their Go names without the enum's name in
// front (RegionUSWest1 → USWest1), because the SDKs name a value after its enum themselves (Go
// RegionUSWest1, Python Region.US_WEST1, TypeScript Region.USWest1) and would otherwise say it twice
// (RegionRegionUSWest1, Region.REGION_US_WEST1). Unless every value's Go name is the enum's name followed
// by an upper-case letter, the names are kept as they are, so that no two values can end up alike.
func enumValueNames(e *model.Enum) []string {
	names := make([]string, len(e.Values))
	for i, v := range e.Values {
		rest, ok := strings.CutPrefix(v.Name, e.Name)
		if r, _ := utf8.DecodeRuneInString(rest); !ok || !unicode.IsUpper(r) {
			for i, v := range e.Values {
				names[i] = v.Name
			}
			return names
		}
		names[i] = rest
	}
	return names
}

func resourceSpec(a *arena, r *model.Resource) *resourceJSON {
	isID := func(p *model.Property) bool { return p.Out && p.Name == "id" }
	// A property's schema is the same in the outputs, the inputs and the state, which are encoded and
	// never changed: made once, it serves the three.
	specs := propertySpecs(a, r.Properties, r.Properties)
	desc := model.DeclarationDoc(r.Doc, r.Name, r.Name, r.Properties, r.Checks)
	if r.Timeouts != (model.Timeouts{}) {
		desc = strings.Join(slices.DeleteFunc([]string{desc, timeoutsNote(r.Timeouts)}, func(s string) bool { return s == "" }), "\n\n")
	}
	outputs := objectSpec(desc, r.Properties, specs, func(p *model.Property) bool { return !p.In && !isID(p) })
	outputs.Type = ""
	res := &resourceJSON{objectJSON: *outputs, InputProperties: make(propertiesJSON, 0, len(r.Properties))}
	state := &objectJSON{Description: "Input properties used for looking up and filtering " + r.Name + " resources.",
		Properties: make(propertiesJSON, 0, len(r.Properties)), Type: "object"}
	for i, p := range r.Properties {
		if isID(p) {
			continue
		}
		state.Properties = append(state.Properties, specs[i])
		if p.Out {
			continue
		}
		res.InputProperties = append(res.InputProperties, specs[i])
		if requiredInput(p) {
			res.RequiredInputs = append(res.RequiredInputs, p.Name)
		}
	}
	state.Properties.sort()
	res.InputProperties.sort()
	res.StateInputs = state
	for _, t := range r.Formerly {
		res.Aliases = append(res.Aliases, aliasJSON{Type: t})
	}
	return res
}

// configSpec is the configuration's variables (a stack's `<pkg>:<key>` values, which the default provider
// takes) and the provider resource, whose inputs are the same properties (an explicit provider's
// arguments). A property is required when nothing else gives it a value: not optional, no default, no
// environment variable. Its environment variables are its defaultInfo, which the SDKs Pulumi generates
// read for explicit providers and their config modules; the provider itself reads them for the default
// provider. That a change of a property replaces the provider is the provider's to say (DiffConfig), and
// the description's: replaceOnChanges would add nothing on a provider resource.
func configSpec(pkg string, c *model.Config) (*configJSON, *resourceJSON) {
	config := &configJSON{Variables: map[string]*propertyJSON{}}
	desc := model.DeclarationDoc(c.Doc, c.Name, c.Name, c.Properties, c.Checks)
	if desc != "" {
		desc += "\n\n"
	}
	desc += "The provider type for the " + pkg + " package. Resources use the default provider, configured by the " +
		"stack's configuration (`pulumi config set " + pkg + ":<key> <value>`), unless they are given an explicit " +
		"provider, created with its own configuration."
	provider := &resourceJSON{objectJSON: objectJSON{Description: desc}}
	siblings := model.SiblingsOf(c.Properties)
	for _, p := range c.Properties {
		spec := propertySpec(p, siblings)
		prop := &spec
		prop.ReplaceOnChanges = false
		if p.Replaces {
			if prop.Description != "" {
				prop.Description += "\n\n"
			}
			prop.Description += "Changing it replaces the provider, and with it every resource the provider manages."
		}
		switch {
		case p.Type.Unaliased().Kind == model.EnumRef && (p.Default != nil || len(p.Env) > 0):
			// The key keeps its enum's type, as a resource property does, so that the SDKs type it. But
			// Pulumi's Go SDK generator (v3.256.0) writes the code that applies a default or an environment
			// variable as `args.Region = d.(string)`, which does not compile for an enum-typed input, and
			// panics in the config module's getter: the default and the variables are said in words here,
			// and the provider applies them, as it does for every key.
			prop.Default = nil
			prop.Description = paragraphs(prop.Description, enumConfigNote(p))
		case len(p.Env) > 0:
			prop.DefaultInfo = &defaultInfoJSON{Environment: p.Env}
		}
		config.Variables[p.Name] = prop
		provider.InputProperties = append(provider.InputProperties, prop)
		if !p.Optional && p.Default == nil && len(p.Env) == 0 {
			config.Required = append(config.Required, p.Name)
			provider.RequiredInputs = append(provider.RequiredInputs, p.Name)
		}
	}
	provider.InputProperties.sort()
	return config, provider
}

// enumConfigNote says what the schema of an enum-typed configuration key cannot (see configSpec): its
// default and its environment variables.
func enumConfigNote(p *model.Property) string {
	var parts []string
	if p.Default != nil {
		parts = append(parts, fmt.Sprintf("Defaults to %q.", p.Default))
	}
	if len(p.Env) > 0 {
		vars := make([]string, len(p.Env))
		for i, e := range p.Env {
			vars[i] = "$" + e
		}
		parts = append(parts, "When it is not configured, the first of the environment variables "+strings.Join(vars, ", ")+" that is set gives it.")
		if len(vars) == 1 {
			parts[len(parts)-1] = "When it is not configured, the environment variable " + vars[0] + " gives it."
		}
	}
	return strings.Join(parts, " ")
}

// paragraphs joins the texts that are not empty, as the paragraphs of a description.
func paragraphs(texts ...string) string {
	return strings.Join(slices.DeleteFunc(texts, func(s string) bool { return s == "" }), "\n\n")
}

// requiredInput reports whether a caller must give the input p.
func requiredInput(p *model.Property) bool { return !p.Optional && p.Default == nil && !p.Synthetic }

// functionSpec is the schema of a function: its inputs, which a caller must give unless they are
// optional or have a default, and its results, always returned unless optional. A function without
// inputs has no "inputs", so that the SDKs' functions take none.
func functionSpec(a *arena, fn *model.Function) *functionJSON {
	results := fn.Results()
	res := &functionJSON{Description: model.DeclarationDoc(fn.Doc, fn.Name, fn.CallName, fn.Properties, fn.Checks),
		Outputs: objectSpec("", results, propertySpecs(a, results, fn.Properties), func(*model.Property) bool { return true })}
	if inputs := fn.Inputs(); len(inputs) > 0 {
		res.Inputs = objectSpec("", inputs, propertySpecs(a, inputs, fn.Properties), func(*model.Property) bool { return true })
		res.Inputs.Required = nil
		for _, p := range inputs {
			if requiredInput(p) {
				res.Inputs.Required = append(res.Inputs.Required, p.Name)
			}
		}
	}
	return res
}

// objectSpec is the object type of the properties that keep says belong to it, specs[i] the schema of
// props[i]; required lists those that are always present.
func objectSpec(doc string, props []*model.Property, specs []*propertyJSON, keep func(*model.Property) bool) *objectJSON {
	obj := &objectJSON{Description: doc, Properties: make(propertiesJSON, 0, len(props)), Type: "object"}
	for i, p := range props {
		if !keep(p) {
			continue
		}
		obj.Properties = append(obj.Properties, specs[i])
		if !p.Optional || p.Default != nil || p.Synthetic {
			obj.Required = append(obj.Required, p.Name)
		}
	}
	obj.Properties.sort()
	return obj
}

// timeoutsNote says in a resource's description what the schema has no field for: the IDL's default
// timeouts, which the provider applies.
func timeoutsNote(t model.Timeouts) string {
	return "Default timeouts: " + t.String() + ". The customTimeouts resource option overrides them."
}

// immutableNote says in a property's description what the schema has no field for: the IDL's immutable.
const immutableNote = "Immutable: set when the resource is created; a later change fails instead of replacing the resource."

// writeOnlyNote says in an input's description what the schema has no field for: the IDL's in, a
// write-only input (Pulumi 3.256's schema has no notion of one), which is why the resource's outputs
// leave it out.
const writeOnlyNote = "Write-only: the provider never returns it, since the service does not; a resource read with get, or imported, does not have it."

// propertySpecs returns the schema of each of props, made in a; siblings are the properties of their
// declaration, which their docs may name.
func propertySpecs(a *arena, props, siblings []*model.Property) []*propertyJSON {
	specs := make([]*propertyJSON, len(props))
	sibs := model.SiblingsOf(siblings)
	for i, p := range props {
		specs[i] = a.property()
		*specs[i] = propertySpec(p, sibs)
	}
	return specs
}

// propertySpec is the schema of p, one of siblings.
func propertySpec(p *model.Property, siblings model.Siblings) propertyJSON {
	desc := siblings.Doc(p) // most properties: nothing to add
	if p.Immutable || p.In || p.Constraints != nil {
		paragraphs := []string{desc}
		if p.Immutable {
			paragraphs = append(paragraphs, immutableNote)
		}
		if p.In {
			paragraphs = append(paragraphs, writeOnlyNote)
		}
		paragraphs = append(paragraphs, describeConstraints(p.Constraints))
		desc = strings.Join(slices.DeleteFunc(paragraphs, func(s string) bool { return s == "" }), "\n\n")
	}
	return propertyJSON{
		name:               p.Name,
		typeJSON:           typeSpec(p.Type),
		Description:        desc,
		Default:            p.Default,
		DeprecationMessage: p.Deprecated,
		Secret:             p.Secret,
		ReplaceOnChanges:   p.Replaces,
	}
}

// typeSpec returns the schema of t, by value: a property holds it by value, and most types have no
// element type to point to.
func typeSpec(t *model.Type) typeJSON {
	switch t.Kind {
	case model.Bool:
		return typeJSON{Type: "boolean"}
	case model.Number:
		return typeJSON{Type: "number"}
	case model.Integer:
		return typeJSON{Type: "integer"}
	case model.String:
		return typeJSON{Type: "string"}
	case model.Any, model.AnyResource:
		return typeJSON{Ref: "pulumi.json#/Any"}
	case model.Asset:
		return typeJSON{Ref: "pulumi.json#/Asset"}
	case model.Archive:
		return typeJSON{Ref: "pulumi.json#/Archive"}
	case model.Capability:
		return typeJSON{Ref: "#/resources/" + t.Ref}
	case model.StructRef, model.EnumRef:
		return typeJSON{Ref: "#/types/" + t.Ref}
	case model.AliasRef:
		return typeSpec(t.Alias.Type)
	case model.Array:
		elem := typeSpec(t.Elem)
		return typeJSON{Type: "array", Items: &elem}
	case model.Map:
		elem := typeSpec(t.Elem)
		return typeJSON{Type: "object", AdditionalProperties: &elem}
	}
	panic("pulumischema: unknown type kind " + string(t.Kind))
}

// describeConstraints says in words what a Pulumi schema cannot: "Constraints: at least 10, at most
// 65536, a multiple of 10."
func describeConstraints(cs *model.Constraints) string {
	if cs == nil {
		return ""
	}
	parts := constraintWords(cs, "")
	if cs.Items != nil {
		for _, w := range constraintWords(cs.Items, "with ") {
			parts = append(parts, "each element "+w)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "Constraints: " + strings.Join(parts, ", ") + "."
}

// constraintWords says each constraint of cs in words. with comes before the words that count what a value
// holds, which an element's constraints need: "each element with at least 1 item", as against "each
// element at least 0".
func constraintWords(cs *model.Constraints, with string) []string {
	num := func(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
	// "at least 1 character", "at most 5 entries"
	count := func(bound string, n int, one, many string) string {
		if n == 1 {
			return with + bound + " 1 " + one
		}
		return fmt.Sprintf("%s%s %d %s", with, bound, n, many)
	}
	var w []string
	if cs.Min != nil {
		w = append(w, "at least "+num(*cs.Min))
	}
	if cs.ExclusiveMin != nil {
		w = append(w, "more than "+num(*cs.ExclusiveMin))
	}
	if cs.Max != nil {
		w = append(w, "at most "+num(*cs.Max))
	}
	if cs.ExclusiveMax != nil {
		w = append(w, "less than "+num(*cs.ExclusiveMax))
	}
	switch {
	case cs.MultipleOf != nil && *cs.MultipleOf == 1:
		w = append(w, "a whole number") // a float64 that should have been an int (the loader warns)
	case cs.MultipleOf != nil:
		w = append(w, "a multiple of "+num(*cs.MultipleOf))
	}
	if cs.MinLength != nil {
		w = append(w, count("at least", *cs.MinLength, "character", "characters"))
	}
	if cs.MaxLength != nil {
		w = append(w, count("at most", *cs.MaxLength, "character", "characters"))
	}
	if cs.Pattern != "" {
		w = append(w, "matching the regular expression `"+cs.Pattern+"`")
	}
	if cs.MinItems != nil {
		w = append(w, count("at least", *cs.MinItems, "item", "items"))
	}
	if cs.MaxItems != nil {
		w = append(w, count("at most", *cs.MaxItems, "item", "items"))
	}
	if cs.UniqueItems {
		w = append(w, with+"no two items equal")
	}
	if cs.MinProperties != nil {
		w = append(w, count("at least", *cs.MinProperties, "entry", "entries"))
	}
	if cs.MaxProperties != nil {
		w = append(w, count("at most", *cs.MaxProperties, "entry", "entries"))
	}
	return w
}

// Key implements gen.Keyer: the options, all of them, as JSON.
func (b Backend) Key() string {
	data, _ := json.Marshal(b.Options) // strings only: cannot fail
	return string(data)
}

// DescribeConstraints says in words what a Pulumi schema cannot say of a property's contracts, as its
// descriptions do ("Constraints: at least 1, at most 10."): for the pages that document the package
// beside its schema (gen/registrydocs). "" when there are none.
func DescribeConstraints(cs *model.Constraints) string { return describeConstraints(cs) }
