package load

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/cidlc/cidlc/idl/model"
)

// nameProperty is the property idl.NamedResource adds to a resource.
func nameProperty(pos token.Position) *model.Property {
	return &model.Property{
		GoName:    "Name",
		Name:      "name",
		Doc:       "The name of the resource. It defaults to the resource's own name; changing it replaces the resource.",
		Pos:       pos,
		Type:      &model.Type{Kind: model.String},
		Optional:  true,
		Replaces:  true,
		Synthetic: true,
	}
}

// properties turns the fields of a struct or resource declaration into properties.
func (c *builder) properties(d *decl, isResource bool) []*model.Property {
	owner := d.obj.Name()
	var props []*model.Property
	markers := map[string]bool{}
	for _, field := range d.spec.Type.(*ast.StructType).Fields.List {
		if len(field.Names) == 0 {
			if p := c.embedded(owner, field, d.pkg, markers); p != nil {
				props = append(props, p)
			}
			continue
		}
		for _, ident := range field.Names {
			subject := owner + "." + ident.Name
			if !ident.IsExported() {
				if field.Tag != nil {
					c.errorf(ident.Pos(), "%s: a lumi tag on an unexported field; export the field (%s) to make it a property", subject, exportHint(ident.Name, false))
				} else {
					c.errorf(ident.Pos(), "%s: unexported fields are not allowed in the IDL; export it (%s) to make it a property, or remove it", subject, exportHint(ident.Name, true))
				}
				continue
			}
			opts, optionPos := c.tagOptions(subject, field.Tag)
			if !isResource {
				for _, o := range []struct {
					set  bool
					word string
				}{{opts.replaces, "replaces"}, {opts.out, "out"}, {opts.in, "in"}} {
					if o.set {
						c.errorf(field.Tag.Pos(), "%s: %s is only for resource properties, and %s is a plain struct", subject, o.word, owner)
					}
				}
			}
			prop := &model.Property{
				GoName:   ident.Name,
				Name:     opts.name,
				Doc:      docText(field.Doc, field.Comment),
				Pos:      c.fset.Position(ident.Pos()),
				Optional: opts.optional,
				Out:      opts.out,
				In:       opts.in,
				Replaces: opts.replaces,
			}
			if prop.Name == "" {
				prop.Name = WireName(ident.Name)
			}
			prop.Type = c.propertyType(subject, field.Type, d.pkg, opts)
			if prop.Type != nil {
				c.contracts(subject, prop, opts, optionPos, isResource)
			}
			props = append(props, prop)
		}
	}
	return props
}

// embedded checks an embedded field: only the resource markers may be embedded, once. It returns the
// synthetic name property for idl.NamedResource.
func (c *builder) embedded(owner string, field *ast.Field, p *packages.Package, seen map[string]bool) *model.Property {
	t := p.TypesInfo.TypeOf(field.Type)
	if t == nil {
		return nil
	}
	m := c.marker(t)
	if m != "Resource" && m != "NamedResource" {
		what := c.typeString(t, p)
		if _, isStruct := t.Underlying().(*types.Struct); !isStruct {
			c.errorf(field.Type.Pos(), "%s: embeds %s, which is not a struct; only idl.Resource or idl.NamedResource may be embedded", owner, what)
		} else {
			c.errorf(field.Type.Pos(), "%s: embeds %s; only idl.Resource or idl.NamedResource may be embedded: give the field a name to make it a property", owner, what)
		}
		return nil
	}
	if field.Tag != nil {
		c.errorf(field.Tag.Pos(), "%s: the embedded idl.%s takes no tag", owner, m)
	}
	if len(seen) > 0 {
		if seen[m] {
			c.errorf(field.Type.Pos(), "%s: embeds idl.%s twice", owner, m)
		} else {
			c.errorf(field.Type.Pos(), "%s: embeds both idl.Resource and idl.NamedResource; embed one (NamedResource adds a name property)", owner)
		}
		return nil
	}
	seen[m] = true
	if m == "NamedResource" {
		return nameProperty(c.fset.Position(field.Type.Pos()))
	}
	return nil
}

// tagOptions parses the lumi tag of a field, reporting its problems at their exact column when the tag is
// a raw string literal on one line (the usual case), and at the tag otherwise.
//
// It also returns the position of an offset into the lumi tag's value, for the checks that come later.
func (c *builder) tagOptions(subject string, lit *ast.BasicLit) (tagOptions, func(offset int) token.Pos) {
	if lit == nil {
		return tagOptions{}, nil
	}
	tag, err := strconv.Unquote(lit.Value)
	if err != nil {
		return tagOptions{}, nil
	}
	exact := strings.HasPrefix(lit.Value, "`") && !strings.Contains(lit.Value, "\n")
	at := func(offset int) token.Pos {
		if !exact {
			return lit.Pos()
		}
		return lit.Pos() + 1 + token.Pos(offset)
	}
	value, offset, found, problems := lookupLumiTag(tag)
	for _, pr := range problems {
		c.errorf(at(pr.offset), "%s: %s", subject, pr.msg)
	}
	if !found {
		return tagOptions{}, nil
	}
	opts, problems := parseLumiTag(value)
	for _, pr := range problems {
		c.errorf(at(offset+pr.offset), "%s: %s", subject, pr.msg)
	}
	return opts, func(o int) token.Pos { return at(offset + o) }
}

// propertyType returns the type of a property: the field's type with the pointer of an optional (or out, or
// in) property removed. A pointer to a resource is a capability and needs no option.
func (c *builder) propertyType(subject string, expr ast.Expr, p *packages.Package, opts tagOptions) *model.Type {
	t := p.TypesInfo.TypeOf(expr)
	if t == nil {
		return nil
	}
	if ptr, ok := types.Unalias(t).(*types.Pointer); ok {
		if ref := c.reference(ptr.Elem()); ref != nil {
			return ref
		}
		if !opts.optional && !opts.out && !opts.in {
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

// reference returns the type of a reference to a resource when t is a resource type (a capability) or
// idl.Resource (a reference to any resource); otherwise nil.
func (c *builder) reference(t types.Type) *model.Type {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	if c.markers[n.Obj()] == "Resource" {
		return &model.Type{Kind: model.AnyResource}
	}
	if d := c.decls[n.Obj()]; d != nil && d.kind == kindResource {
		return &model.Type{Kind: model.Capability, Ref: d.resource.Token, Resource: d.resource}
	}
	return nil
}

// typeOf turns a Go type into an IDL type, reporting why when it is not one. elem is true for the
// elements of slices and map values, where the 2017 IDLs used idl.Resource by value for references.
// It returns nil after an error.
func (c *builder) typeOf(subject string, t types.Type, expr ast.Expr, p *packages.Package, elem bool) *model.Type {
	fail := func(format string, args ...any) *model.Type {
		c.errorf(expr.Pos(), "%s: %s", subject, fmt.Sprintf(format, args...))
		return nil
	}
	switch t := types.Unalias(t).(type) {
	case *types.Basic:
		switch t.Kind() {
		case types.Bool:
			return &model.Type{Kind: model.Bool}
		case types.Float64:
			return &model.Type{Kind: model.Number}
		case types.String:
			return &model.Type{Kind: model.String}
		case types.Invalid:
			return nil
		}
		return fail("%s", basicProblem(t))
	case *types.Named:
		obj := t.Obj()
		switch c.markers[obj] {
		case "Asset":
			return &model.Type{Kind: model.Asset}
		case "Archive":
			return &model.Type{Kind: model.Archive}
		case "Resource":
			if elem {
				return &model.Type{Kind: model.AnyResource}
			}
			return fail("idl.Resource by value is not a property type; use *idl.Resource for a reference to any resource")
		case "NamedResource":
			return fail("idl.NamedResource is a marker to embed; use *idl.Resource for a reference to any resource")
		}
		d := c.decls[obj]
		if d == nil {
			if obj.Pkg() == nil {
				return fail("%s is not an IDL type", obj.Name())
			}
			return fail("%s is not an IDL type: %s", c.typeString(t, p), c.outsideTree(obj))
		}
		switch d.kind {
		case kindStruct:
			return &model.Type{Kind: model.StructRef, Ref: d.strct.Token, Struct: d.strct}
		case kindEnum:
			return &model.Type{Kind: model.EnumRef, Ref: d.enum.Token, Enum: d.enum}
		case kindAlias:
			return &model.Type{Kind: model.AliasRef, Ref: d.alias.Token, Alias: d.alias}
		case kindResource:
			return fail("resource %s by value is not a property type; use *%s for a reference to it (a capability)", obj.Name(), c.typeString(t, p))
		}
		return nil // a rejected declaration: reported there
	case *types.Pointer:
		if ref := c.reference(t.Elem()); ref != nil {
			return ref
		}
		if elem {
			return fail("pointers are only allowed for optional properties and for references to resources; use %s", c.typeString(t.Elem(), p))
		}
		return fail("a pointer to a pointer (%s) is not an IDL type", "*"+c.typeString(t, p))
	case *types.Slice:
		e := c.typeOf(subject, t.Elem(), expr, p, true)
		if e == nil {
			return nil
		}
		return &model.Type{Kind: model.Array, Elem: e}
	case *types.Map:
		key := c.mapKey(t.Key())
		if key == nil {
			fail("map key %s is not a string; IDL maps have string keys (string or a string-based IDL type)", c.typeString(t.Key(), p))
		}
		e := c.typeOf(subject, t.Elem(), expr, p, true)
		if key == nil || e == nil {
			return nil
		}
		return &model.Type{Kind: model.Map, Key: key, Elem: e}
	case *types.Interface:
		if t.Empty() {
			return &model.Type{Kind: model.Any}
		}
		return fail("interface types are not IDL types; use interface{} (or any) for an arbitrary value")
	}
	return fail("%s", compositeProblem(t))
}

// mapKey returns the IDL type of a map key, or nil when it is not string-based.
func (c *builder) mapKey(t types.Type) *model.Type {
	if b, ok := types.Unalias(t).(*types.Basic); ok && b.Kind() == types.String {
		return &model.Type{Kind: model.String}
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
	switch d.kind {
	case kindEnum:
		return &model.Type{Kind: model.EnumRef, Ref: d.enum.Token, Enum: d.enum}
	case kindAlias:
		return &model.Type{Kind: model.AliasRef, Ref: d.alias.Token, Alias: d.alias}
	}
	return nil
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
	case b.Info()&(types.IsInteger|types.IsFloat) != 0:
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
