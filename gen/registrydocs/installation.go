package registrydocs

import (
	"strings"

	"github.com/cidlc/cidlc/gen/pulumischema"
	"github.com/cidlc/cidlc/idl/model"
)

// installationView is the page of installation and configuration.
type installationView struct {
	site
	// Version and Server are the release's: the plugin's version and where the engine downloads it.
	Version, Server string
	// Keys are the configuration's keys, in the IDL's order; Required those a stack must set.
	Keys, Required []keyView
	// ConfigDoc is the configuration's doc comment.
	ConfigDoc string
}

// keyView is a configuration key.
type keyView struct {
	// Key is the key as `pulumi config set` takes it (acme:region), Name as an explicit provider does.
	Key, Name string
	// Type is the key's type in words: string, number, integer, boolean, list of string …
	Type string
	// Default is the default value as a program writes it, "" for none.
	Default string
	// Env are the environment variables the key falls back on, in order.
	Env []string
	// Required: a stack must set it (or one of its variables): no default.
	Required, Secret bool
	// Paragraphs are its section's: the doc comment, then what the page adds (the values of an enum,
	// what changing the key does, the contracts, a deprecation, how to set a secret).
	Paragraphs []string
}

func installationOf(s site, tree *model.Tree, opts Options) installationView {
	v := installationView{site: s, Version: strings.TrimPrefix(opts.Version, "v"), Server: opts.PluginDownloadURL}
	if tree.Config == nil {
		return v
	}
	c := tree.Config
	v.ConfigDoc = model.DeclarationDoc(c.Doc, c.Name, c.Name, c.Properties, c.Checks)
	siblings := model.SiblingsOf(c.Properties)
	for _, p := range c.Properties {
		k := keyView{Key: tree.Name + ":" + p.Name, Name: p.Name, Type: typeName(p.Type), Env: p.Env, Secret: p.Secret}
		if doc := siblings.Doc(p); doc != "" {
			k.Paragraphs = append(k.Paragraphs, doc)
		}
		if p.Default != nil {
			k.Default = literal(p.Default)
		}
		k.Required = !p.Optional && p.Default == nil
		if t := p.Type.Unaliased(); t.Kind == model.EnumRef {
			values := make([]string, len(t.Enum.Values))
			for i, e := range t.Enum.Values {
				values[i] = code(literal(e.Value))
			}
			k.Paragraphs = append(k.Paragraphs, "One of "+strings.Join(values, ", ")+".")
		}
		if p.Replaces {
			k.Paragraphs = append(k.Paragraphs, "Changing it replaces the provider, and with it every resource the provider manages.")
		}
		if c := pulumischema.DescribeConstraints(p.Constraints); c != "" {
			k.Paragraphs = append(k.Paragraphs, c)
		}
		if p.Deprecated != "" {
			k.Paragraphs = append(k.Paragraphs, "Deprecated: "+p.Deprecated)
		}
		if p.Secret {
			k.Paragraphs = append(k.Paragraphs, "A secret: set it with `pulumi config set --secret "+k.Key+" <value>`; the provider never shows it.")
		}
		v.Keys = append(v.Keys, k)
		if k.Required {
			v.Required = append(v.Required, k)
		}
	}
	return v
}

// typeName names a configuration key's type in the words of Pulumi's registry pages.
func typeName(t *model.Type) string {
	t = t.Unaliased()
	switch t.Kind {
	case model.String, model.EnumRef:
		return "string"
	case model.Number:
		return "number"
	case model.Integer:
		return "integer"
	case model.Bool:
		return "boolean"
	case model.Array:
		return "list of " + typeName(t.Elem)
	case model.Map:
		return "map of " + typeName(t.Elem)
	case model.StructRef:
		return "object (" + t.Struct.Name + ")"
	}
	return "any value"
}
