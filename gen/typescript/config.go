package typescript

import (
	"slices"
	"strings"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/idl/model"
)

// The provider's configuration (model.Config) gives the package three modules of its own, named with a
// leading _ so that no IDL file can take their paths (IDL file names start with a letter):
//
//   - _configuration.ts (templates/configuration.ts.tmpl): the configuration's properties as data (how
//     each reads from text, its environment variables, default, secrecy, whether it is required) and the
//     functions that read them by the provider's rules: the stack's configuration for the config module,
//     an explicit provider's arguments for the Provider class, and the environment for both, as the
//     provider's CheckConfig reads it for the default provider (a test holds the two readings to the
//     same verdicts);
//   - _config.ts (templates/config.ts.tmpl): the config module, which the root barrel exports as the
//     namespace config: one getter per property, typed as the property is (a secret as a secret
//     pulumi.Output), reading the stack's configuration when a program reads it (acme.config.region);
//   - _provider.ts (templates/provider.ts.tmpl): the class Provider, extending pulumi.ProviderResource,
//     and its arguments ProviderArgs, which the root barrel exports: explicit providers, each with a
//     configuration of its own, that programs give resources in their provider option.
//
// An IDL without a configuration has none of them: its provider takes no settings, and programs have
// no use for explicit providers of it but the resource options, which the default provider has too.
const (
	configurationFile = "_configuration"
	configFile        = "_config"
	providerFile      = "_provider"
)

// providerNames are the names the root barrel exports for the configuration: the config module's
// namespace, config, or config_ beside a sub-directory config/; the class Provider, or ProviderResource
// beside a type Provider of the root package; and its arguments, the class's name and Args. They give way
// to the author's names as gen.Names says, claimed at the configuration's place in its file.
type providerNames struct {
	config, class, args string
}

// claimProviderNames claims the names of the configuration in ns, the namespace of the root package.
func claimProviderNames(ns *gen.Names) providerNames {
	var n providerNames
	n.config = ns.Claim("config")
	n.class = ns.Generated("", "Provider", gen.KindResource, "")
	n.args = ns.Claim(n.class + argsSuffix)
	return n
}

// configFiles returns the modules of the configuration c, and their scopes, which say whether they use
// the runtime of contracts and the release.
func configFiles(tree *model.Tree, twins twinNames, names providerNames, release gen.Release, c *model.Config) ([]*gen.File, []*importSet, error) {
	var files []*gen.File
	var scopes []*importSet
	// add renders the file of g with render, which renders its blocks.
	add := func(g *fileGen, render func(g *fileGen) error) error {
		defer g.done()
		scopes = append(scopes, g.scope)
		if err := render(g); err != nil {
			return err
		}
		content, err := g.content(nil, c.File.Path)
		if err != nil {
			return err
		}
		files = append(files, &gen.File{Path: g.path + ".ts", Content: content})
		return nil
	}
	err := add(newFileGen(tree, twins, release, configurationFile, nil), func(g *fileGen) error {
		if err := g.configuration(c); err != nil {
			return err
		}
		// The contracts of the structs the configuration holds, which its settings refer to.
		return g.structContractFunctions()
	})
	if err != nil {
		return nil, nil, err
	}
	if err := add(newConfigModuleGen(tree, twins, c), func(g *fileGen) error { return g.configModule(c) }); err != nil {
		return nil, nil, err
	}
	g := newFileGen(tree, twins, release, providerFile, nil)
	g.scope = newImportSet(providerFile, map[string]string{names.class: names.class, names.args: names.args})
	err = add(g, func(g *fileGen) error {
		if err := g.provider(c, names); err != nil {
			return err
		}
		// The contracts of the structs the configuration holds, which the class's check refers to.
		return g.structContractFunctions()
	})
	if err != nil {
		return nil, nil, err
	}
	return files, scopes, nil
}

// configurationView is what the "configuration" template renders.
type configurationView struct {
	Package  string
	Settings []jsProp // the settings of the properties, by key
}

// configuration renders the block of _configuration.ts: each property's setting, and the functions
// that read them.
func (g *fileGen) configuration(c *model.Config) error {
	g.scope.usePulumi()    // the template writes pulumi.Config
	g.scope.useContracts() // and _contracts.Contract, _contracts.violations
	v := configurationView{Package: g.tree.Name}
	for _, p := range c.Properties {
		//	region: { text: "string", env: ["ACME_REGION"], default: "us-west-1" }
		var s jsObject
		s.add("text", jsString(string(p.Type.Text())))
		if len(p.Env) > 0 {
			env := make(jsArray, len(p.Env))
			for i, e := range p.Env {
				env[i] = jsString(e)
			}
			s.add("env", env)
		}
		if p.Default != nil {
			lit, err := jsValue(p.Default)
			if err != nil {
				return err
			}
			s.add("default", lit)
		}
		if p.Secret {
			s.add("secret", "true")
		}
		if required(p) {
			s.add("required", "true")
		}
		// What the provider's CheckConfig checks beyond the type, which a stack's text does not have. (A
		// deprecated key warns where a program sets it, the Provider class, not where it is read.)
		contract, err := g.configContract("", p)
		if err != nil {
			return err
		}
		contract.props = slices.DeleteFunc(contract.props, func(p jsProp) bool { return p.key == "deprecated" })
		if contract.Any() {
			s.add("contract", contract)
		}
		v.Settings = append(v.Settings, jsProp{propertyKey(p.Name), s})
	}
	return g.block("configuration", v)
}

// configContract is the contract of a configuration property p of the class owner: its own
// (propertyContract), with the
// values of its enum, or of its elements' enum. A program's code is checked against an enum by its
// type, but a configuration's values are text, from a stack or the environment, so the TypeScript
// package checks them as the provider does.
func (g *fileGen) configContract(owner string, p *model.Property) (jsObject, error) {
	o, err := g.propertyContract(owner, p)
	if err != nil {
		return jsObject{}, err
	}
	t := p.Type.Unaliased()
	if e, ok := enumContract(t); ok {
		o.add("enum", e)
	} else if e, ok := enumContract(t.Elem.Unaliased()); ok && (t.Kind == model.Array || t.Kind == model.Map) {
		items := jsObject{}
		if i := slices.IndexFunc(o.props, func(p jsProp) bool { return p.key == "items" }); i >= 0 {
			items = o.props[i].value.(jsObject)
			o.props = slices.Delete(o.props, i, i+1)
		}
		items.add("enum", e)
		o.add("items", items)
	}
	return o, nil
}

// enumContract is the enum part of a contract, { name: "Region", values: ["us-west-1", …] }, for an
// enum type t, and true; false for any other type.
func enumContract(t *model.Type) (jsObject, bool) {
	if t == nil || t.Kind != model.EnumRef {
		return jsObject{}, false
	}
	values := make(jsArray, len(t.Enum.Values))
	for i, v := range t.Enum.Values {
		values[i] = jsString(v.Value)
	}
	var o jsObject
	o.add("name", jsString(t.Enum.Name))
	o.add("values", values)
	return o, true
}

// required reports whether a configuration property needs a value: it is neither optional nor has a
// default. Its environment variables may still give it one.
func required(p *model.Property) bool { return !p.Optional && p.Default == nil }

// newConfigModuleGen returns the generator of _config.ts, whose exports are the getters of the
// configuration's properties (see configVarNames).
func newConfigModuleGen(tree *model.Tree, twins twinNames, c *model.Config) *fileGen {
	g := newFileGen(tree, twins, gen.Release{}, configFile, nil) // the getters take no options
	own := map[string]string{}
	for _, name := range configVarNames(c) {
		own[name] = name
	}
	// The names the CommonJS module has in scope, which its exports must not take.
	g.scope = newImportSet(configFile, own, commonJSNames...)
	return g
}

// commonJSNames are the names a CommonJS module has in scope, and that TypeScript reserves at a module's
// top level (TS2441).
var commonJSNames = []string{"exports", "require", "module", "__filename", "__dirname"}

// configVarView is what the "configVar" template renders: the getter of one property.
type configVarView struct {
	Doc, Deprecated string
	Env             string // its key, when its name is not, and which environment variables give it; unwrapped
	Default         string // the default, as a literal, for @defaultValue; "" for none
	Name            string // the export's name
	Wire            string // the key, as a literal
	Type            string
}

// configModule renders the blocks of _config.ts: the declaration of the CommonJS exports object, then a
// getter per property.
func (g *fileGen) configModule(c *model.Config) error {
	g.scope.useConfiguration() // the getters call _configuration.value
	if err := g.block("configModule", nil); err != nil {
		return err
	}
	names := configVarNames(c)
	siblings := model.SiblingsOf(c.Properties)
	for i, p := range c.Properties {
		env := envSentence(p, "When the stack's configuration does not set it, ")
		if names[i] != p.Name {
			env = strings.TrimSpace("Its key is " + p.Name + ", which cannot name a constant. " + env)
		}
		v := configVarView{
			Doc:        siblings.Doc(p),
			Env:        env,
			Deprecated: p.Deprecated,
			Name:       names[i],
			Wire:       jsString(p.Name),
			Type:       g.outputType(p.Type),
		}
		if p.Default != nil {
			v.Default, _ = jsValue(p.Default) // a bool, number or string, as the loader made sure
		}
		if p.Secret {
			v.Type = g.scope.Pulumi() + ".Output<" + v.Type + ">"
		}
		if p.Optional {
			v.Type += " | undefined"
		}
		if err := g.block("configVar", v); err != nil {
			return err
		}
	}
	return nil
}

// configVarNames are the names of the config module's exports, one per property: its key, unless that
// cannot name a constant (a reserved word such as default or class, or a name the module has in scope):
// then the key with an underscore, as gen.Names gives way.
func configVarNames(c *model.Config) []string {
	ns := gen.NewNames()
	for _, n := range slices.Concat(commonJSNames, []string{"pulumi", configurationFile, "eval", "arguments"}) {
		ns.Reserve(n)
	}
	for w := range reservedWords {
		ns.Reserve(w)
	}
	for w := range strictReserved {
		ns.Reserve(w)
	}
	names := make([]string, len(c.Properties))
	for i, p := range c.Properties {
		names[i] = ns.Claim(p.Name)
	}
	return names
}

// reservedWords are the words of JavaScript that cannot name a binding: its keywords and literals.
var reservedWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`break case catch class const continue debugger default delete do else enum
		export extends false finally for function if import in instanceof new null return super switch this
		throw true try typeof var void while with`) {
		m[w] = true
	}
	return m
}()

// envSentence says which environment variables give p its value, after lead ("When …, "); "" when none
// does.
func envSentence(p *model.Property, lead string) string {
	if len(p.Env) == 0 {
		return ""
	}
	vars := make([]string, len(p.Env))
	for i, e := range p.Env {
		vars[i] = "$" + e
	}
	if len(vars) == 1 {
		return lead + "the environment variable " + vars[0] + " gives it."
	}
	return lead + "the first of the environment variables " + strings.Join(vars, ", ") + " that is set gives it."
}

// providerView is what the "provider" template renders.
type providerView struct {
	Doc          string
	Class        string
	Package      string // the package's name, which ProviderResource makes the token pulumi:providers:<name>
	IsInstance   isInstanceView
	ArgsRequired bool // whether some property must be given, as no environment variable can give it
	Args         interfaceView
	Contracts    []item   // the check's arguments after the configuration: its contracts and rules (checkArgs)
	Secrets      []string // the keys of the secret properties, as literals
	Released     bool     // whether the constructor merges the release's options (see usesRelease)
}

// provider renders the block of _provider.ts: the Provider class and its arguments.
func (g *fileGen) provider(c *model.Config, names providerNames) error {
	g.scope.usePulumi()        // the template writes pulumi.ProviderResource
	g.scope.useConfiguration() // and _configuration.complete
	pkg := g.tree.Name
	v := &providerView{
		Doc:     model.DeclarationDoc(c.Doc, c.Name, c.Name, c.Properties, c.Checks),
		Class:   names.class,
		Package: pkg,
		// ProviderResource prefixes the package's name: the token is pulumi:providers:<pkg>.
		IsInstance: isInstanceView{Name: names.class, Class: names.class, Type: `"pulumi:providers:" + ` + names.class + ".__pulumiType"},
		Args:       interfaceView{Name: names.args},
		Released:   g.usesRelease(),
	}
	siblings := model.SiblingsOf(c.Properties)
	for _, p := range c.Properties {
		// A property that an environment variable can give may be left out; the constructor says
		// what is missing when neither does.
		optional := !required(p) || len(p.Env) > 0
		if !optional {
			v.ArgsRequired = true
		}
		notes := docNotes{Env: envSentence(p, "When left out, "), Deprecated: p.Deprecated}
		if p.Default != nil {
			notes.Default, _ = jsValue(p.Default)
		}
		doc := siblings.Doc(p)
		v.Args.add(memberView{Doc: doc, Notes: notesOf(doc, notes), Key: propertyKey(p.Name), Optional: optional, Type: g.inputType(p.Type)})
		if p.Secret {
			v.Secrets = append(v.Secrets, jsString(p.Name))
		}
	}
	// The configuration's values, the environment's among them, checked as the provider checks them.
	contracts := jsObject{expand: true}
	for _, p := range c.Properties {
		contract, err := g.configContract(names.class, p) // Provider.password is deprecated: …
		if err != nil {
			return err
		}
		if contract.Any() {
			contracts.add(propertyKey(p.Name), contract)
		}
	}
	v.Contracts = g.checkArgs(contracts, siblings.Relations)
	return g.block("provider", v)
}

// configNamespace is the config module as the root barrel exports it: a namespace. (The barrel
// re-exports the Provider class's module too, see providerExports.)
func configNamespace(pkg string, names providerNames) namespaceView {
	return namespaceView{
		Doc:  "The stack's configuration of the " + pkg + " provider, which `pulumi config set " + pkg + ":<key>` sets.",
		Name: names.config,
		From: jsString(relativeSpecifier("", configFile)),
	}
}
