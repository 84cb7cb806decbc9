package load

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/cidlc/cidlc/idl/model"
)

// declareConfig declares the struct that embeds idl.Config: the provider's configuration, which belongs
// to the whole IDL, so it is declared once, in the root package. alsoResource says that the struct
// embeds a resource marker too. It reports whether the struct was declared.
func (c *builder) declareConfig(p *packages.Package, f *model.File, d *decl, base model.Decl, alsoResource bool) bool {
	at := d.spec.Name.Pos()
	subject := "type " + base.Name
	switch {
	case alsoResource:
		c.errorf(at, "%s: embeds both idl.Config and a resource marker; the configuration is not a resource: declare them as two structs", subject)
		return false
	case c.dirs[p] != "":
		c.errorf(at, "%s: idl.Config declares the provider's configuration, which belongs to the whole IDL: declare it in the root package, not in %s/", subject, c.dirs[p])
		return false
	case c.config != nil:
		first := c.fset.Position(c.config.spec.Name.Pos())
		c.errorf(at, "%s: a second configuration; %s (%s) already embeds idl.Config, and an IDL has one configuration: move these properties there",
			subject, c.config.obj.Name(), lineOf(first))
		return false
	}
	base.Token = "" // what it configures is the provider resource, pulumi:providers:<pkg>
	d.kind = kindConfig
	d.config = &model.Config{Decl: base}
	c.config = d
	c.tree.Config = d.config
	f.Config = d.config
	return true
}

// checkConfigTypes rejects what a configuration cannot hold, anywhere in a property's type: a reference
// to a resource (the provider is configured before any of its resources exists), an asset or an archive
// (`pulumi config set` sets text). A struct is looked into, once, and named in the message.
func (c *builder) checkConfigTypes(d *decl) {
	for _, p := range d.config.Properties {
		if p.Type == nil {
			continue
		}
		subject, pos := d.obj.Name()+"."+p.GoName, p.Pos
		if site := c.embedSite(p); site != nil {
			subject, pos = d.obj.Name()+": embeds "+site.name+", whose property "+site.name+"."+p.GoName, site.pos
		}
		if what, where := unconfigurable(p.Type, map[*model.Struct]bool{}); what != "" {
			in := ""
			if where != "" {
				in = " (" + where + ")"
			}
			why := "the provider is configured before any of its resources exists"
			if what != "a reference to a resource" {
				why = "configuration values are text and JSON (`pulumi config set`); take a path or the content as a string"
			}
			c.report(pos, fmt.Sprintf("%s: a configuration cannot hold %s%s: %s", subject, what, in, why))
		}
	}
}

// unconfigurable returns what in t a configuration cannot hold, described for a message, and, when it
// is inside a struct, the struct's field that holds it; "" when t is fine.
func unconfigurable(t *model.Type, seen map[*model.Struct]bool) (what, where string) {
	switch t.Kind {
	case model.Capability, model.AnyResource:
		return "a reference to a resource", ""
	case model.Asset:
		return "an asset", ""
	case model.Archive:
		return "an archive", ""
	case model.Array, model.Map:
		return unconfigurable(t.Elem, seen)
	case model.AliasRef:
		return unconfigurable(t.Alias.Type, seen)
	case model.StructRef:
		if seen[t.Struct] {
			return "", ""
		}
		seen[t.Struct] = true
		for _, p := range t.Struct.Properties {
			if p.Type == nil {
				continue
			}
			if what, where := unconfigurable(p.Type, seen); what != "" {
				if where == "" {
					where = t.Struct.Name + "." + p.GoName
				}
				return what, where
			}
		}
	}
	return "", ""
}

// envName is what an environment variable's name must look like: POSIX's portable names, which every
// shell can set and both Go and Node.js read.
var envName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// envOption checks env=NAME[|NAME…] and records the names: only a configuration property takes it,
// and only when its value can be read from text (a bool, a number, a string or an enum).
func (c *builder) envOption(subject subjectName, prop *model.Property, t *model.Type, v tagValue, kind declKind, errorAt func(int, string, ...any)) {
	if kind != kindConfig {
		errorAt(v.offset, "env= is only for the properties of the configuration (the struct that embeds idl.Config)")
		return
	}
	switch t.Kind {
	case model.Bool, model.Number, model.Integer, model.String, model.EnumRef:
	default:
		errorAt(v.offset, "env= reads the value from an environment variable's text, which gives a bool, a number, a string or an enum value, and %s is %s", prop.Name, t.Describe(model.AsKind))
		return
	}
	var names []string
	for _, name := range strings.Split(v.text, "|") {
		switch {
		case name == "":
			errorAt(v.offset, "env=%s: an empty variable name; write env=NAME or env=NAME|OTHER", echo(v.text))
			return
		case !envName.MatchString(name):
			errorAt(v.offset, "env=%s: %s is not an environment variable name (letters, digits and _, not starting with a digit)", echo(v.text), echo(name))
			return
		case slices.Contains(names, name):
			errorAt(v.offset, "env=%s: names %s twice", echo(v.text), name)
			return
		}
		names = append(names, name)
	}
	prop.Env = names
}
