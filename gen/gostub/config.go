package gostub

import (
	"github.com/dave/jennifer/jen"

	"github.com/cidlc/cidlc/idl/model"
)

// configDecl is the outline of the configuration's stubs: the struct the author's configure function
// reads, then the constructor of the provider that binds that function to the configuration's spec.
func (g *packageGen) configDecl(c *model.Config) []jen.Code {
	return []jen.Code{
		g.generateConfigStruct(c),
		g.generateContracts(c.Name, "CheckConfig", c.Properties),
		g.generateRules(c.Name, "CheckConfig", c.Properties),
		g.generateChecks(c.Name, "CheckConfig", c.Properties, c.Checks, nil),
		g.generateNewProvider(c),
		g.generateConfigUnmarshal(c),
	}
}

// generateConfigStruct declares the configuration's struct, with the field rules of a resource's
// marshaling struct: a property with a default is a value, an optional one a pointer.
func (g *packageGen) generateConfigStruct(c *model.Config) jen.Code {
	return g.code().proseAnd(c.Doc, "%s is the configuration of a %s provider instance, as %s's configure "+
		"function reads it: decoded, checked, with the values of environment variables and defaults for what "+
		"the instance's configuration does not set.", c.Name, g.pkg.Tree.Name, g.names.newProvider).
		id("type ", c.Name).done().Struct(g.fields(c.Properties)...)
}

// generateNewProvider declares the constructor of the provider, which Serve runs:
//
//	func NewProvider(configure provider.ConfigureFunc[Config]) provider.Configurer {
//		return provider.NewConfigurer(provider.ConfigSpec[Config]{…}, configure)
//	}
func (g *packageGen) generateNewProvider(c *model.Config) jen.Code {
	var props []jen.Code
	siblings := model.SiblingsOf(c.Properties)
	for _, p := range c.Properties {
		props = append(props, g.configProperty(p, siblings))
	}
	spec := g.code().rt("ConfigSpec").id("[", c.Name, "]").done().Custom(multiline,
		g.code("Properties: []").rt("ConfigProperty").done().Custom(multiline, props...),
		jen.Id("Unmarshal: (*"+c.Name+").unmarshal"),
	)
	return g.prose("%s returns the %s provider: give it to provider.Serve. The engine configures each provider "+
		"instance (the default provider of a stack, and each explicit one) with a configuration of its own; "+
		"configure is called with it, once per instance, and returns what the instance serves, built for "+
		"that configuration.", g.names.newProvider, g.pkg.Tree.Name).
		id("func ", g.names.newProvider, "(configure ").rt("ConfigureFunc").id("[", c.Name, "]) ").rt("Configurer").done().
		Block(g.code("return ").rt("NewConfigurer").id("(").add(spec).id(", configure)").done())
}

// configProperty is the provider.ConfigProperty literal of p, a property of the configuration whose
// properties are siblings. A required property carries its doc, in the words of a program (a stack's
// key is its wire name), which the engine shows when the key is missing.
//
//	{Key: "region", Replaces: true, Default: resource.NewStringProperty("us-west-1"), Env: []string{"ACME_REGION"}}
func (g *packageGen) configProperty(p *model.Property, siblings model.Siblings) jen.Code {
	c := g.code("{Key: ").lit(p.Name)
	if kind := p.Type.Text(); kind != model.TextString {
		c.id(", Text: ").rt(textKinds[kind])
	}
	required := !p.Optional && p.Default == nil
	if required && p.Doc != "" {
		c.id(", Doc: ").lit(siblings.Doc(p))
	}
	for _, flag := range []struct {
		name string
		set  bool
	}{{"Required", required}, {"Secret", p.Secret}, {"Replaces", p.Replaces}} {
		if flag.set {
			c.id(", ", flag.name, ": true")
		}
	}
	if p.Default != nil {
		g.defaultValue(c.id(", Default: "), p.Default)
	}
	if len(p.Env) > 0 {
		c.id(", Env: []string{")
		for i, e := range p.Env {
			if i > 0 {
				c.id(", ")
			}
			c.lit(e)
		}
		c.id("}")
	}
	return c.id("}").done()
}

// textKinds name the provider.TextKind of each model.TextKind.
var textKinds = map[model.TextKind]string{
	model.TextString: "TextString", model.TextBool: "TextBool", model.TextNumber: "TextNumber", model.TextJSON: "TextJSON",
}

// generateConfigUnmarshal declares the method that reads every property of the configuration.
func (g *packageGen) generateConfigUnmarshal(c *model.Config) jen.Code {
	return g.doc("unmarshal reads obj's properties from o.").
		id("func (obj *", c.Name, ") unmarshal(o ").rt("Object").id(")").done().
		Block(g.unmarshalFields(g.code(), "obj", c.Name, c.Properties).items()...)
}
