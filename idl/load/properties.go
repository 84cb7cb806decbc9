package load

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/cidlc/cidlc/idl/model"
)

// structProperties returns the properties of a struct, resource or function declaration, resolving and
// validating them on first use. A struct that embeds another takes that one's properties, and a struct defined from
// another (type X Y) all of them, so those are resolved first, whatever the order of the source.
func (c *builder) structProperties(d *decl) []*model.Property {
	if d.resolved || d.resolving {
		return d.props // resolving: a cycle, which Go has already rejected
	}
	d.resolving = true
	if d.from != nil {
		// Checked where they are declared: here they are copies. A struct defined from a rejected type
		// has none, and says nothing more.
		if from := c.decls[d.from]; from != nil && from.kind == kindStruct {
			d.props = c.copyProperties(c.structProperties(from), nil)
		}
	} else {
		d.props = c.properties(d)
		c.validateProperties(d.obj.Name(), d.props, d.kind)
		c.validateRules(d.obj.Name(), d.props, d.kind)
	}
	d.resolving, d.resolved = false, true
	return d.props
}

// copyProperties returns copies of props, for another declaration that takes them (by embedding, or
// by being defined from theirs). site is the embedded field that brought them in, or nil.
func (c *builder) copyProperties(props []*model.Property, site *embedSite) []*model.Property {
	out := make([]*model.Property, len(props))
	for i, p := range props {
		cp := *p
		// Rules of their own: a tree's positions are rewritten in place (model.Tree.EachPosition).
		for j, r := range cp.Rules {
			if j == 0 {
				cp.Rules = make([]*model.Rule, len(p.Rules))
			}
			rc := *r
			cp.Rules[j] = &rc
		}
		out[i] = &cp
		if site != nil {
			c.embeddedVia.Store(&cp, site)
		}
	}
	return out
}

// embedSite returns the embedded field that brought p into its declaration, or nil.
func (c *builder) embedSite(p *model.Property) *embedSite {
	site, _ := c.embeddedVia.Load(p)
	s, _ := site.(*embedSite)
	return s
}

// embedSite is an embedded struct field that brought properties into a declaration, for diagnostics
// about them that belong to the embedding declaration.
type embedSite struct {
	pos  token.Position
	name string // the embedded struct's name
}

// properties turns the fields of a struct, resource, function or configuration declaration into
// properties.
func (c *builder) properties(d *decl) []*model.Property {
	owner := d.obj.Name()
	fields := d.spec.Type.(*ast.StructType).Fields.List
	// Room for a property per field name, and for the name property of a named resource: the slice stays
	// in the model, and appended to one at a time, it would take up to twice that.
	n := 0
	for _, field := range fields {
		n += max(len(field.Names), 1)
	}
	props := make([]*model.Property, 0, n)
	markers := map[string]bool{}
	for _, field := range fields {
		if len(field.Names) == 0 {
			props = append(props, c.embedded(d, field, markers)...)
			continue
		}
		for _, ident := range field.Names {
			subject := subjectName{owner, ident.Name}
			if !ident.IsExported() {
				if field.Tag != nil {
					c.errorf(ident.Pos(), "%s: a lumi tag on an unexported field; export the field (%s) to make it a property", subject, exportHint(ident.Name, false))
				} else {
					c.errorf(ident.Pos(), "%s: unexported fields are not allowed in the IDL; export it (%s) to make it a property, or remove it", subject, exportHint(ident.Name, true))
				}
				continue
			}
			goName, wire := c.names.of(ident.Name)
			opts, optionPos := c.tagOptions(subject, field.Tag, wire)
			c.resourceOnlyOptions(subject, owner, d.kind, field.Tag, opts)
			prop := &model.Property{
				GoName:    goName,
				Name:      opts.name,
				Doc:       docText(field.Doc, field.Comment),
				Pos:       c.fset.Position(ident.Pos()),
				Optional:  opts.optional,
				Out:       opts.out,
				In:        opts.in,
				Replaces:  opts.replaces,
				Immutable: opts.immutable,
			}
			if prop.Name == "" {
				prop.Name = wire
			}
			prop.Type = c.propertyType(subject, field.Type, d.pkg, opts, d.kind)
			if prop.Type != nil {
				c.contracts(subject, prop, opts, optionPos, d.kind)
				c.propertyRules(subject, prop, opts, optionPos, d.kind)
				c.warnAmbiguousTag(subject, field, d.pkg, prop, opts, optionPos, d.kind)
				c.warnMisspeltOption(subject, opts, optionPos)
			}
			props = append(props, prop)
		}
	}
	if d.named {
		c.nameSyntheticField(props)
	}
	return props
}

// resourceOnlyOptions rejects the options that only a resource's properties take (out, in, immutable,
// replaces) on the properties of other declarations: out marks a function's results too, and replaces
// is also for the configuration, whose change it makes replace the provider.
func (c *builder) resourceOnlyOptions(subject subjectName, owner string, kind declKind, tag *ast.BasicLit, opts tagOptions) {
	if kind == kindResource {
		return
	}
	for _, o := range []struct {
		set  bool
		word string
	}{{opts.replaces && kind != kindConfig, "replaces"}, {opts.immutable, "immutable"}, {opts.out && kind != kindFunction, "out"}, {opts.in, "in"}} {
		switch {
		case !o.set:
		case kind == kindFunction && o.word == "in":
			c.errorf(tag.Pos(), "%s: in is only for resource properties; every field of function %s without out is an input already, and the function returns only its out fields", subject, owner)
		case kind == kindFunction && o.word == "replaces":
			c.errorf(tag.Pos(), "%s: replaces is only for resource properties, and %s is a function: a call replaces nothing", subject, owner)
		case kind == kindFunction:
			c.errorf(tag.Pos(), "%s: %s is only for resource properties, and %s is a function: a call changes nothing", subject, o.word, owner)
		case kind == kindConfig && o.word == "immutable":
			// A provider's configuration cannot refuse a change (see the manual's Configuration).
			c.errorf(tag.Pos(), "%s: immutable is only for resource properties; a change of the configuration updates the provider in place, or, with replaces, replaces it and every resource it manages", subject)
		case kind == kindConfig:
			c.errorf(tag.Pos(), "%s: %s is only for resource properties; a configuration property is an input that the provider reads", subject, o.word)
		case o.word == "immutable":
			c.errorf(tag.Pos(), "%s: immutable is only for resource properties, and %s is a plain struct; make the resource property that holds the %s immutable: it then cannot change as a whole", subject, owner, owner)
		case o.word == "out":
			c.errorf(tag.Pos(), "%s: out is only for the properties of resources and the results of functions, and %s is a plain struct", subject, owner)
		default:
			c.errorf(tag.Pos(), "%s: %s is only for resource properties, and %s is a plain struct", subject, o.word, owner)
		}
	}
}

// nameSyntheticField gives the name property of a named resource its Go name: Name, as the stubs' field
// that holds the resource's name, unless the author has a field called Name (with another wire name:
// Service string `lumi:"service"`). The author's names are theirs: the synthetic field then gives way,
// as ResourceName (or with underscores after it, should that be taken too).
func (c *builder) nameSyntheticField(props []*model.Property) {
	i := slices.IndexFunc(props, func(p *model.Property) bool { return p.Synthetic })
	if i < 0 {
		return
	}
	synthetic := props[i]
	taken := func(name string) bool {
		return slices.ContainsFunc(props, func(p *model.Property) bool { return !p.Synthetic && p.GoName == name })
	}
	if !taken(synthetic.GoName) {
		return
	}
	name := "ResourceName"
	for taken(name) {
		name += "_"
	}
	synthetic.GoName = name
}

// warnAmbiguousTag warns about a lumi tag whose first element is both an option word and the field's own
// wire name (`Secret *string lumi:"secret,optional"` in a resource), when the option would apply to the
// property too: parseLumiTag read the word as the name, which the 2017 tags meant, but an author who
// wrote the design note's form meant the option. The warning shows both unambiguous spellings. Where
// the option would not apply (secret on a plain struct's field), the tag reads one way only.
func (c *builder) warnAmbiguousTag(subject subjectName, field *ast.Field, p *packages.Package, prop *model.Property, opts tagOptions, pos tagPos, kind declKind) {
	w := opts.nameWord
	if w == nil {
		return
	}
	_, pointer := types.Unalias(p.TypesInfo.TypeOf(field.Type)).(*types.Pointer)
	t := prop.Type.Unaliased()
	applies := false
	switch optionWords[w.text] {
	case "optional":
		applies = pointer
	case "in":
		applies = kind == kindResource
	case "out":
		applies = kind == kindResource || kind == kindFunction
	case "replaces":
		applies = kind == kindResource || kind == kindConfig
	case "immutable":
		// Not where it would contradict the tag's other options (out, replaces).
		applies = kind == kindResource && !opts.out && !opts.replaces
	case "secret":
		applies = topLevel(kind) && t != nil && t.Kind != model.Capability && t.Kind != model.AnyResource
	case "uniqueItems":
		applies = t != nil && t.Kind == model.Array
	}
	if !applies {
		return
	}
	value := opts.value
	asName := value[:w.offset] + "name=" + value[w.offset:]
	asOption := value[:w.offset] + "," + value[w.offset:]
	c.warnf(pos.at(w.offset), "%s: lumi:%q reads %s as the property's name, since it is the field's own wire name (the 2017 tags put the name first), not as the %s option; write lumi:%q to keep that meaning, or lumi:%q for the option",
		subject, value, w.text, optionWords[w.text], asName, asOption)
}

// warnMisspeltOption warns about a lumi tag whose first element, read as the property's wire name, is a
// likely misspelling of an option word (`lumi:"replacs"`, `lumi:"imutable"`): the same typo after the
// first element is an error with a "did you mean", and here it would name the property silently. It
// shows both readings and how to write each.
func (c *builder) warnMisspeltOption(subject subjectName, opts tagOptions, pos tagPos) {
	w := opts.misspelt
	if w == nil {
		return
	}
	value := opts.value
	asName := value[:w.offset] + "name=" + value[w.offset:]
	asOption := value[:w.offset] + "," + opts.misspeltOf + value[w.offset+len(w.text):]
	c.warnf(pos.at(w.offset), "%s: lumi:%q names the property %s, as the first element of a tag is the wire name; if %s is a misspelt %s, write lumi:%q, or lumi:%q to keep the name",
		subject, value, w.text, w.text, opts.misspeltOf, asOption, asName)
}

// embedded checks an embedded field and returns the properties it brings: none for idl.Resource,
// idl.Config and idl.Function, the synthetic name property for idl.NamedResource, and every property of
// an IDL struct, which are flattened into the embedding declaration (as Go promotes an embedded struct's
// fields, and the 2017 compiler flattened them).
func (c *builder) embedded(d *decl, field *ast.Field, seen map[string]bool) []*model.Property {
	owner, p := d.obj.Name(), d.pkg
	t := p.TypesInfo.TypeOf(field.Type)
	if t == nil {
		return nil
	}
	m := c.marker(t)
	if m != "Resource" && m != "NamedResource" && m != "Config" && m != "Function" {
		return c.embeddedStruct(owner, field, t, p)
	}
	var name naming
	if field.Tag != nil && !seen[m] {
		name = c.markerTag(d, m, field.Tag)
	}
	if len(seen) > 0 {
		switch {
		case seen[m]:
			c.errorf(field.Type.Pos(), "%s: embeds idl.%s twice", owner, m)
		case m == "Function" || seen["Function"]:
			first := "Function"
			for prev := range seen {
				first = prev // seen holds one marker: a second is reported here and not recorded
			}
			c.errorf(field.Type.Pos(), "%s: embeds both idl.%s and idl.%s; a struct declares a resource or a function, not both", owner, first, m)
		default:
			c.errorf(field.Type.Pos(), "%s: embeds both idl.Resource and idl.NamedResource; embed one (NamedResource adds a name property)", owner)
		}
		return nil
	}
	seen[m] = true
	if m == "NamedResource" {
		return []*model.Property{c.nameProperty(c.fset.Position(field.Type.Pos()), name)}
	}
	return nil
}

// embeddedStruct returns the properties of an embedded IDL struct, or rejects what else is embedded.
func (c *builder) embeddedStruct(owner string, field *ast.Field, t types.Type, p *packages.Package) []*model.Property {
	what := c.typeString(t, p)
	d := c.declOf(t)
	switch {
	case d != nil && d.kind == kindStruct:
		if field.Tag != nil {
			c.errorf(field.Tag.Pos(), "%s: the embedded struct %s takes no tag; its fields' tags apply", owner, what)
		}
		return c.copyProperties(c.structProperties(d), &embedSite{pos: c.fset.Position(field.Type.Pos()), name: what})
	case d != nil && d.kind == kindBad:
		return nil // rejected where it is declared
	case d != nil && (d.kind == kindResource || d.kind == kindResourceAlias):
		c.errorf(field.Type.Pos(), "%s: embeds resource %s; a resource cannot be part of another declaration: use a field of type *%s for a reference to it", owner, what, what)
	case d != nil && d.kind == kindConfig:
		c.errorf(field.Type.Pos(), "%s: embeds %s, the provider's configuration, which is no part of another declaration; move the properties both need to a struct that each embeds", owner, what)
	case d != nil && d.kind == kindFunction:
		c.errorf(field.Type.Pos(), "%s: embeds function %s; a function cannot be part of another declaration: put what both share in a struct, and embed that in each", owner, what)
	case isPointer(t):
		c.errorf(field.Type.Pos(), "%s: embeds %s, a pointer; embed the struct itself to take its properties, or give the field a name to make it a property", owner, what)
	case !isStruct(t):
		c.errorf(field.Type.Pos(), "%s: embeds %s, which is not a struct; only idl.Resource, idl.NamedResource and IDL structs may be embedded", owner, what)
	default:
		c.errorf(field.Type.Pos(), "%s: embeds %s, which is not an IDL struct; only idl.Resource, idl.NamedResource and IDL structs may be embedded: give the field a name to make it a property", owner, what)
	}
	return nil
}

func isPointer(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.Pointer)
	return ok
}

func isStruct(t types.Type) bool {
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

// tagOptions parses the lumi tag of a field, reporting its problems where tagPos places them.
//
// It also returns where the offsets into the lumi tag's value are, for the checks that come later.
func (c *builder) tagOptions(subject subjectName, lit *ast.BasicLit, wire string) (tagOptions, tagPos) {
	if lit == nil {
		return tagOptions{}, tagPos{}
	}
	tag, err := strconv.Unquote(lit.Value)
	if err != nil {
		return tagOptions{}, tagPos{}
	}
	inTag := tagPos{tag: lit.Pos(), exact: strings.HasPrefix(lit.Value, "`") && !strings.Contains(lit.Value, "\n")}
	value, offset, found, problems := lookupLumiTag(tag)
	for _, pr := range problems {
		c.errorf(inTag.at(pr.offset), "%s: %s", subject, pr.msg)
	}
	if !found {
		return tagOptions{}, tagPos{}
	}
	inValue := inTag
	inValue.from = offset
	opts, problems := parseLumiTag(value, wire)
	for _, pr := range problems {
		c.errorf(inValue.at(pr.offset), "%s: %s", subject, pr.msg)
	}
	return opts, inValue
}

// tagPos places an offset into a field's tag, or into the value of its lumi tag: at its exact column when
// the tag is a raw string literal on one line (the usual case), and at the tag otherwise. (A value, not
// a closure: a model's build places the tags of every field.)
type tagPos struct {
	tag   token.Pos // the tag's literal
	exact bool      // whether offsets can be columns: a raw string on one line
	from  int       // the offset, in the tag's text, that the offsets count from
}

// at returns the position of offset.
func (p tagPos) at(offset int) token.Pos {
	if !p.exact {
		return p.tag
	}
	return p.tag + 1 + token.Pos(p.from+offset)
}

// propertyType returns the type of a property: the field's type with the pointer of an optional (or out, or
// in) property removed. A pointer to an entity (see entity) needs no option. A function's result is
// always set unless it is optional, so out alone allows no pointer there.
func (c *builder) propertyType(subject subjectName, expr ast.Expr, p *packages.Package, opts tagOptions, kind declKind) *model.Type {
	t := p.TypesInfo.TypeOf(expr)
	if t == nil {
		return nil
	}
	if ptr, ok := types.Unalias(t).(*types.Pointer); ok {
		if e := c.entity(ptr.Elem()); e != nil {
			return e
		}
		if c.isFunction(ptr.Elem()) {
			return c.typeOf(subject, ptr.Elem(), expr, p, false) // the function is the problem, not the pointer
		}
		switch {
		case opts.optional:
		case kind == kindFunction && opts.out:
			c.errorf(expr.Pos(), "%s: a pointer (%s) on a result needs optional,out: a function's out field without optional is always set; use %s, or lumi:\"optional,out\" for a result that may be absent",
				subject, c.typeString(t, p), c.typeString(ptr.Elem(), p))
		case opts.out || opts.in:
		case opts.nameWord != nil && opts.nameWord.text == "optional":
			c.errorf(expr.Pos(), "%s: a pointer (%s) needs the optional option, and lumi:%q names the property optional instead, as the first element of a tag is the name when it is the field's own wire name; write lumi:%q",
				subject, c.typeString(t, p), opts.value, ","+opts.value)
		default:
			c.errorf(expr.Pos(), "%s: a pointer (%s) needs lumi:\"optional\"; a required property is a plain %s",
				subject, c.typeString(t, p), c.typeString(ptr.Elem(), p))
		}
		return c.typeOf(subject, ptr.Elem(), expr, p, false)
	}
	if opts.optional {
		c.errorf(expr.Pos(), "%s: an optional property needs a pointer type; use *%s", subject, c.typeString(t, p))
	}
	return c.typeOf(subject, t, expr, p, false)
}

// isFunction reports whether t is a function of the IDL.
func (c *builder) isFunction(t types.Type) bool {
	d := c.declOf(t)
	return d != nil && d.kind == kindFunction
}

// entity returns the IDL type of *t when t is one of the types that the 2017 IDLs always wrote behind a
// pointer, and that therefore need no option to be one, alone or in arrays and maps: a resource or a
// resource alias (*t is a capability), idl.Resource (a reference to any resource), idl.Asset and
// idl.Archive. For other types it returns nil. *t means what t means where t by value is allowed too
// (assets, archives, resource aliases): required, unless the property is optional.
func (c *builder) entity(t types.Type) *model.Type {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	switch c.markers[n.Obj()] {
	case "Resource":
		return c.types.of(model.AnyResource)
	case "Asset":
		return c.types.of(model.Asset)
	case "Archive":
		return c.types.of(model.Archive)
	}
	return c.capability(n)
}

// capability returns the type of a reference to the resource n, or to the resource that n, a resource
// alias, names; nil when n is neither.
func (c *builder) capability(n *types.Named) *model.Type {
	d := c.decls[n.Obj()]
	switch {
	case d == nil:
		return nil
	case d.kind == kindResource, d.kind == kindResourceAlias:
		return d.ref // nil for an alias whose resource is not known (yet)
	}
	return nil
}

// typeOf turns a Go type into an IDL type, reporting why when it is not one. elem is true for the
// elements of slices and map values, where the 2017 IDLs used idl.Resource by value for references.
// It returns nil after an error.
func (c *builder) typeOf(subject subjectName, t types.Type, expr ast.Expr, p *packages.Package, elem bool) *model.Type {
	fail := func(format string, args ...any) *model.Type {
		c.errorf(expr.Pos(), "%s: %s", subject, fmt.Sprintf(format, args...))
		return nil
	}
	switch t := types.Unalias(t).(type) {
	case *types.Basic:
		switch t.Kind() {
		case types.Bool:
			return c.types.of(model.Bool)
		case types.Float64:
			return c.types.of(model.Number)
		case types.Int, types.Int32:
			if isInteger(t) { // not rune, an int32 that means a character: basicProblem says what to use
				return c.types.integer(integerBits(t))
			}
		case types.String:
			return c.types.of(model.String)
		case types.Invalid:
			return nil
		}
		return fail("%s", basicProblem(t))
	case *types.Named:
		obj := t.Obj()
		switch c.markers[obj] {
		case "Asset":
			return c.types.of(model.Asset)
		case "Archive":
			return c.types.of(model.Archive)
		case "Resource":
			if elem {
				return c.types.of(model.AnyResource)
			}
			return fail("idl.Resource by value is not a property type; use *idl.Resource for a reference to any resource")
		case "NamedResource":
			return fail("idl.NamedResource is a marker to embed; use *idl.Resource for a reference to any resource")
		case "Config":
			return fail("idl.Config is a marker to embed in the struct that declares the provider's configuration")
		case "Function":
			return fail("idl.Function is a marker to embed, in a struct that declares a function")
		}
		d := c.decls[obj]
		if d == nil {
			if obj.Pkg() == nil {
				return fail("%s is not an IDL type", obj.Name())
			}
			return fail("%s is not an IDL type: %s", c.typeString(t, p), c.outsideTree(obj))
		}
		switch d.kind {
		case kindStruct, kindEnum, kindAlias:
			return d.ref
		case kindResource:
			return fail("resource %s by value is not a property type; use *%s for a reference to it (a capability)", obj.Name(), c.typeString(t, p))
		case kindFunction:
			return fail("function %s is not a property type: programs call a function, no value holds one", c.typeString(t, p))
		case kindResourceAlias:
			// It names references only, so by value it can mean nothing else (the 2017 IDLs wrote
			// *[]ActionTarget).
			return c.capability(t)
		case kindConfig:
			return fail("%s is the provider's configuration, not a type a property can have; declare the shape both need as a struct", obj.Name())
		}
		return nil // a rejected declaration: reported there
	case *types.Pointer:
		if e := c.entity(t.Elem()); e != nil {
			return e
		}
		if elem {
			return fail("pointers are only allowed for optional properties, for references to resources, and for assets and archives; use %s", c.typeString(t.Elem(), p))
		}
		return fail("a pointer to a pointer (%s) is not an IDL type", "*"+c.typeString(t, p))
	case *types.Slice:
		e := c.typeOf(subject, t.Elem(), expr, p, true)
		if e == nil {
			return nil
		}
		return c.types.array(e)
	case *types.Map:
		key := c.mapKey(t.Key())
		if key == nil {
			fail("map key %s is not a string; IDL maps have string keys (string or a string-based IDL type)", c.typeString(t.Key(), p))
		}
		e := c.typeOf(subject, t.Elem(), expr, p, true)
		if key == nil || e == nil {
			return nil
		}
		return c.types.mapOf(key, e)
	case *types.Interface:
		if t.Empty() {
			return c.types.of(model.Any)
		}
		return fail("interface types are not IDL types; use interface{} (or any) for an arbitrary value")
	}
	return fail("%s", compositeProblem(t))
}

// mapKey returns the IDL type of a map key, or nil when it is not string-based.
func (c *builder) mapKey(t types.Type) *model.Type {
	if b, ok := types.Unalias(t).(*types.Basic); ok && b.Kind() == types.String {
		return c.types.of(model.String)
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	d := c.decls[n.Obj()]
	if d == nil {
		return nil
	}
	if b, ok := n.Underlying().(*types.Basic); !ok || b.Kind() != types.String {
		return nil
	}
	if d.kind == kindEnum || d.kind == kindAlias {
		return d.ref
	}
	return nil
}

// isInteger reports whether b is one of the IDL's integer types: int or int32 (not rune, which means a
// character).
func isInteger(b *types.Basic) bool {
	return b.Kind() == types.Int || b.Kind() == types.Int32 && b.Name() != "rune"
}

// integerBits is the model's Bits of the integer type b: 32 for int32, 0 for int.
func integerBits(b *types.Basic) int {
	if b.Kind() == types.Int32 {
		return 32
	}
	return 0
}

// basicProblem says why a basic Go type is not an IDL type, with the fix.
func basicProblem(b *types.Basic) string {
	switch {
	case b.Name() == "byte":
		return "byte is not an IDL type; use string for text, or idl.Asset for binary data"
	case b.Name() == "rune":
		return "rune is not an IDL type; use string"
	case b.Info()&types.IsComplex != 0:
		return b.Name() + " is not an IDL type; IDL numbers are float64"
	case b.Kind() == types.Int64 || b.Kind() == types.Uint64:
		// Every value crosses the wire as a JSON number, a float64, which holds integers exactly up to 2^53.
		return b.Name() + " is not an IDL type; use int (integers up to 2^53-1 in magnitude, what a number on the wire holds exactly), or string for identifiers beyond that"
	case b.Info()&types.IsInteger != 0:
		return b.Name() + " is not an IDL type; use int32 or int, with min= and max= for a narrower range (min=0 for a count)"
	case b.Info()&types.IsFloat != 0:
		return b.Name() + " is not an IDL type; use float64"
	}
	return b.Name() + " is not an IDL type"
}

// compositeProblem says why a composite Go type is not an IDL type.
func compositeProblem(t types.Type) string {
	switch t := t.(type) {
	case *types.Array:
		return fmt.Sprintf("fixed-size arrays ([%d]…) are not IDL types; use a slice", t.Len())
	case *types.Chan:
		return "channel types are not IDL types"
	case *types.Signature:
		return "function types are not IDL types"
	case *types.Struct:
		return "anonymous struct types are not IDL types; declare a named struct"
	case *types.Pointer:
		return "named pointer types are not IDL types; use *T on the property itself"
	case *types.TypeParam:
		return "type parameters are not IDL types"
	}
	return t.String() + " is not an IDL type"
}

// typeString prints t as its IDL author wrote it: types of p unqualified, others by package name.
func (c *builder) typeString(t types.Type, p *packages.Package) string {
	return types.TypeString(t, func(other *types.Package) string {
		if other == p.Types {
			return ""
		}
		return other.Name()
	})
}
