package load

import (
	"fmt"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/cidlc/cidlc/idl/model"
)

// reservedResourceMembers are the instance members of @pulumi/pulumi's CustomResource that a generated
// resource class inherits; a property with one of these names would hide them. `id` is allowed for an
// out property, which is the resource's ID. (Members whose names start with __ are covered by a rule of
// their own.)
var reservedResourceMembers = map[string]string{
	"urn":         "it would hide the resource's URN (pulumi.CustomResource.urn)",
	"id":          "it would hide the resource's ID; only an out property may be named id, and it then is the ID",
	"getProvider": "it would hide pulumi.CustomResource.getProvider",
	"constructor": "a class cannot have a property named constructor",
}

// validateProperties applies the rules that need all the properties of one declaration: unique wire
// names, and names that would clash with what the generated code inherits.
//
// A property that an embedded struct brought in is reported at the embedded field, since that is where
// the declaration went wrong; and its Go name must be new to the declaration too, since the stubs declare
// one field per property.
func (c *builder) validateProperties(owner string, props []*model.Property, kind declKind) {
	names := propertyNamesPool.Get().(*propertyNames)
	defer names.release()
	seen, goNames := names.wire, names.goName
	for _, p := range props {
		if p.Type == nil && !p.Synthetic {
			continue // its type was rejected: say nothing more about it
		}
		site := c.embedSite(p)
		embedded := site != nil
		// fail reports the property's problem, composing the subject only then.
		fail := func(msg string) {
			subject, pos := owner+"."+p.GoName, p.Pos
			if embedded {
				subject, pos = owner+": embeds "+site.name+", whose property "+site.name+"."+p.GoName, site.pos
			}
			c.report(pos, subject+msg)
		}
		if prev, ok := seen[p.Name]; ok {
			if prev.Synthetic {
				other := owner + "Name"
				fail(fmt.Sprintf(": property \"name\" collides with the name property that idl.NamedResource adds; give the field another Go name and wire name (%s with `lumi:%q`), or embed idl.Resource instead of idl.NamedResource if this field is to be the resource's name",
					other, WireName(other)))
			} else {
				fail(": wire name " + quote(p.Name) + " is also the wire name of " + c.fieldOf(owner, prev) + " (" + lineOf(prev.Pos) + ")")
			}
			continue
		}
		seen[p.Name] = p
		if prev, ok := goNames[p.GoName]; ok && !p.Synthetic && !prev.Synthetic {
			fail(": its Go name is also that of " + c.fieldOf(owner, prev) + " (" + lineOf(prev.Pos) + "), and the stubs declare one field per property; rename one of them")
			continue
		}
		goNames[p.GoName] = p
		// The properties of an embedded struct were checked against the rules of every struct where it is
		// declared; those of resources are checked here.
		if n := nesting(p.Type); n > maxNesting && !embedded {
			fail(": arrays and maps nest " + strconv.Itoa(n) + " deep in its type; the most is " + strconv.Itoa(maxNesting) +
				" (past about 45, the Go compiler cannot type-check the stubs' codecs): give some of the levels a struct of their own")
			continue
		}
		if strings.HasPrefix(p.Name, "__") && !embedded {
			fail(": wire name " + quote(p.Name) + " is reserved: names starting with __ belong to the Pulumi runtime")
			continue
		}
		if kind == kindConfig && p.Name == "version" {
			fail(`: wire name "version" is reserved: the engine puts the provider plugin's version in every provider's configuration under that key; give the property another name`)
			continue
		}
		if kind != kindResource {
			continue
		}
		if why, reserved := reservedResourceMembers[p.Name]; reserved && !(p.Name == "id" && p.Out) {
			fail(": a property named " + quote(p.Name) + " is not allowed: " + why)
			continue
		}
		if p.Name == "id" && (p.Type.Kind != model.String) {
			fail(": the out property id is the resource's ID and must be a string")
		}
	}
}

// propertyNames are the names validateProperties has seen in a declaration: wire names and Go names. They
// are reused from one declaration to the next, cleared, since a model's build makes them for every
// declaration while the loaded packages fill most of the memory that cidlc allows itself.
type propertyNames struct{ wire, goName map[string]*model.Property }

var propertyNamesPool = sync.Pool{New: func() any {
	return &propertyNames{wire: map[string]*model.Property{}, goName: map[string]*model.Property{}}
}}

// release clears the names and puts them back for the next declaration.
func (n *propertyNames) release() {
	clear(n.wire)
	clear(n.goName)
	propertyNamesPool.Put(n)
}

// validateFunction applies the rules of a function as a whole: it has results, and programs can call it
// by its name.
func (c *builder) validateFunction(d *decl) {
	fn := d.function
	subject := "function " + fn.Name
	if len(fn.Results()) == 0 {
		c.report(fn.Pos, subject+": a function has results, and this one has none; mark the fields it returns with out (lumi:\"out\"), or optional,out for a result it may leave unset")
	}
	switch {
	case javaScriptGlobals[fn.CallName]:
		c.report(fn.Pos, fmt.Sprintf("%s: programs would call it %s, which would hide JavaScript's own %s from the code of its file; name it after what it answers, as GetImage or ListZones are",
			subject, fn.CallName, fn.CallName))
	case ReservedCallName(fn.CallName):
		c.report(fn.Pos, fmt.Sprintf("%s: programs would call it %s, a reserved word of JavaScript, which cannot name a function; name it after what it answers, as GetImage or ListZones are",
			subject, fn.CallName))
	}
}

// ReservedCallName reports whether name, a function's call name, is a word that cannot name a function
// in the TypeScript package, an ES module (so in strict mode): one of JavaScript's reserved words, with
// those strict mode adds, eval and arguments, which strict mode forbids as names of functions, and the
// globals that generated code needs as they are (javaScriptGlobals). A function's call name is
// lower-camel-cased, so only the lower-case ones can be met.
func ReservedCallName(name string) bool { return reservedCallNames[name] || javaScriptGlobals[name] }

// javaScriptGlobals are names that JavaScript would let a module declare, but that generated code uses
// as the globals they are: a function declared with one would hide it from its whole file.
var javaScriptGlobals = map[string]bool{"undefined": true, "globalThis": true}

var reservedCallNames = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`
		await break case catch class const continue debugger default delete do else enum export extends
		false finally for function if import in instanceof new null return super switch this throw true
		try typeof var void while with yield let static implements interface package private protected
		public arguments eval`) {
		m[w] = true
	}
	return m
}()

// fieldOf names property p of owner for a message: Owner.Field, or Embedded.Field for one that an
// embedded struct brought in.
func (c *builder) fieldOf(owner string, p *model.Property) string {
	if site := c.embedSite(p); site != nil {
		return site.name + "." + p.GoName + ", which " + owner + " embeds"
	}
	return owner + "." + p.GoName
}

// report records a diagnostic at a position already resolved.
func (c *builder) report(pos token.Position, msg string) {
	c.add(Diagnostic{Pos: pos, Msg: msg})
}

func quote(s string) string { return strconv.Quote(s) }

// lineOf names a position briefly, for pointing at the other half of a conflict.
func lineOf(pos token.Position) string {
	return filepath.Base(pos.Filename) + ":" + strconv.Itoa(pos.Line)
}
