// Package celmodel describes a declaration of the model to the IDL's CEL checks: the celcheck.Schema
// of its values, which the loader compiles its checks against and the Go stubs declare, so that the
// plugin compiles them again against the same. It is the compiler's side of package celcheck, which a
// plugin links without the model.
package celmodel

import (
	"strings"

	"github.com/cidlc/cidlc/idl/celcheck"
	"github.com/cidlc/cidlc/idl/model"
)

// Schema returns the schema of the values of the declaration named name, whose properties are props:
// self holds its inputs (a resource's out properties are not known when Check runs, and a function's
// results are not its inputs) that a check can see, and every struct they hold is an object of the
// schema, named after the struct (qualified by its package's directory, dots for slashes, where two
// structs of one name meet). self is the declaration when it is a struct, which may hold itself; nil for
// the others.
func Schema(name string, props []*model.Property, self *model.Struct) celcheck.Schema {
	b := &builder{schema: celcheck.Schema{Self: name, Objects: map[string][]celcheck.Field{}}, names: map[*model.Struct]string{}}
	b.taken = map[string]bool{name: true}
	if self != nil {
		b.names[self] = name
	}
	b.schema.Objects[name] = b.fields(props, true)
	return b.schema
}

type builder struct {
	schema celcheck.Schema
	names  map[*model.Struct]string
	taken  map[string]bool
}

// fields are the fields of the properties props; inputsOnly leaves out properties that are out.
func (b *builder) fields(props []*model.Property, inputsOnly bool) []celcheck.Field {
	var fields []celcheck.Field
	for _, p := range props {
		if inputsOnly && p.Out {
			continue
		}
		if t := b.typeOf(p.Type); t != nil {
			fields = append(fields, celcheck.Field{Name: p.Name, Type: t})
		}
	}
	return fields
}

// typeOf is the type of a value of t in a check; nil for what a check cannot see (a reference to a
// resource, an asset, an archive), and for an array or map of it.
func (b *builder) typeOf(t *model.Type) *celcheck.Type {
	switch t = t.Unaliased(); t.Kind {
	case model.Bool:
		return celcheck.BoolType
	case model.Number:
		return celcheck.DoubleType
	case model.Integer:
		return celcheck.IntType
	case model.String, model.EnumRef:
		return celcheck.StringType
	case model.Any:
		return celcheck.DynType
	case model.Array, model.Map:
		elem := b.typeOf(t.Elem)
		if elem == nil {
			return nil
		}
		if t.Kind == model.Array {
			return celcheck.ListOf(elem)
		}
		return celcheck.MapOf(elem)
	case model.StructRef:
		return celcheck.ObjectOf(b.object(t.Struct))
	}
	return nil
}

// object returns the name of the object type of s, declaring it on first use.
func (b *builder) object(s *model.Struct) string {
	if name, ok := b.names[s]; ok {
		return name
	}
	name := s.Name
	if b.taken[name] {
		dir := s.Package().Dir
		if dir == "" {
			dir = s.Package().Tree.Name
		}
		// A qualified name, each part an identifier (a directory may be v1.2 or my-mod).
		name = strings.Map(func(r rune) rune {
			if r == '/' || r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' {
				return r
			}
			return '_'
		}, dir)
		name = "_" + strings.ReplaceAll(name, "/", "._") + "." + s.Name
		for b.taken[name] {
			name += "_"
		}
	}
	b.taken[name], b.names[s] = true, name
	b.schema.Objects[name] = nil // before its fields: a struct may hold itself
	b.schema.Objects[name] = b.fields(s.Properties, false)
	return name
}
