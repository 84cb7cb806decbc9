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
		g.generateNewProvider(c),
		g.generateConfigUnmarshal(c),
	}
}

// generateConfigStruct declares the configuration's struct, with the field rules of a resource's
// marshaling struct: a property with a default is a value, an optional one a pointer.
func (g *packageGen) generateConfigStruct(c *model.Config) jen.Code {
	fields := make([]jen.Code, len(c.Properties))
	for i, p := range c.Properties {
		fields[i] = g.field(p)
	}
	text := prose("%s is the configuration of a %s provider instance, as %s's configure function reads it: "+
		"decoded, checked, with the values of environment variables and defaults for what the instance's "+
		"configuration does not set.", c.Name, g.pkg.Tree.Name, g.names.newProvider)
	return withDoc(paragraphs(text, c.Doc), jen.Type().Id(c.Name).Struct(fields...))
}

// generateNewProvider declares the constructor of the provider, which Serve runs:
//
//	func NewProvider(configure provider.ConfigureFunc[Config]) provider.Configurer {
//		return provider.NewConfigurer(provider.ConfigSpec[Config]{…}, configure)
//	}
func (g *packageGen) generateNewProvider(c *model.Config) jen.Code {
	t := jen.Id(c.Name)
	text := prose("%s returns the %s provider: give it to provider.Serve. The engine configures each provider "+
		"instance (the default provider of a stack, and each explicit one) with a configuration of its own; "+
		"configure is called with it, once per instance, and returns what the instance serves, built for "+
		"that configuration.", g.names.newProvider, g.pkg.Tree.Name)
	var props []jen.Code
	for _, p := range c.Properties {
		props = append(props, g.configProperty(p))
	}
	spec := rt("ConfigSpec").Types(t.Clone()).Custom(multiline,
		field("Properties", jen.Index().Add(rt("ConfigProperty")).Custom(multiline, props...)),
		field("Unmarshal", jen.Parens(jen.Op("*").Add(t.Clone())).Dot("unmarshal")),
	)
	return withDoc(text, jen.Func().Id(g.names.newProvider).
		Params(jen.Id("configure").Add(rt("ConfigureFunc")).Types(t.Clone())).Add(rt("Configurer")).
		Block(jen.Return(rt("NewConfigurer").Call(spec, jen.Id("configure")))))
}

// configProperty is the provider.ConfigProperty literal of p. A required property carries its doc,
// which the engine shows when the key is missing.
//
//	{Key: "region", Replaces: true, Default: resource.NewStringProperty("us-west-1"), Env: []string{"ACME_REGION"}}
func (g *packageGen) configProperty(p *model.Property) jen.Code {
	elems := []jen.Code{field("Key", jen.Lit(p.Name))}
	if kind := p.Type.Text(); kind != model.TextString {
		elems = append(elems, field("Text", rt(textKinds[kind])))
	}
	required := !p.Optional && p.Default == nil
	if required && p.Doc != "" {
		elems = append(elems, field("Doc", jen.Lit(p.Doc)))
	}
	for _, flag := range []struct {
		name string
		set  bool
	}{{"Required", required}, {"Secret", p.Secret}, {"Replaces", p.Replaces}} {
		if flag.set {
			elems = append(elems, field(flag.name, jen.True()))
		}
	}
	if p.Default != nil {
		elems = append(elems, field("Default", defaultValue(p.Default)))
	}
	if len(p.Env) > 0 {
		names := make([]jen.Code, len(p.Env))
		for i, e := range p.Env {
			names[i] = jen.Lit(e)
		}
		elems = append(elems, field("Env", jen.Index().String().Values(names...)))
	}
	return jen.Values(elems...)
}

// textKinds name the provider.TextKind of each model.TextKind.
var textKinds = map[model.TextKind]string{
	model.TextString: "TextString", model.TextBool: "TextBool", model.TextNumber: "TextNumber", model.TextJSON: "TextJSON",
}

// generateConfigUnmarshal declares the method that reads every property of the configuration.
func (g *packageGen) generateConfigUnmarshal(c *model.Config) jen.Code {
	body := make([]jen.Code, len(c.Properties))
	for i, p := range c.Properties {
		body[i] = g.unmarshalField("obj", c.Name, p)
	}
	return withDoc("unmarshal reads obj's properties from o.",
		jen.Func().Params(jen.Id("obj").Op("*").Id(c.Name)).Id("unmarshal").Params(jen.Id("o").Add(rt("Object"))).Block(body...))
}
