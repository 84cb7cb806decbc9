package load

import (
	"sync"

	"github.com/cidlc/cidlc/idl/model"
)

// sharedTypes hands out the model's types, one of each: every property of type string has the same
// *model.Type, every reference to a struct the same (decl.ref), and every array of strings the same. A
// model holds a type for every property, array element and map value of the IDL, most of them alike
// (at 10,000 resources, 180,000 types, 22,000 of them different), and it stays in memory while the
// backends run, where the collector goes over it in each of its cycles. The model's types are read-only
// (package model says so), so that sharing them changes nothing but the memory they take.
//
// Declarations are resolved at the same time (builder.run): the arrays and maps are made under a lock.
type sharedTypes struct {
	basic map[model.Kind]*model.Type // written once, by newSharedTypes
	int32 *model.Type                // the Integer of 32 bits; basic holds int's

	mu         sync.Mutex
	composites map[compositeType]*model.Type
}

// compositeType is what an array or a map type is made of.
type compositeType struct {
	kind      model.Kind
	key, elem *model.Type
}

func newSharedTypes() *sharedTypes {
	s := &sharedTypes{basic: map[model.Kind]*model.Type{}, composites: map[compositeType]*model.Type{}}
	for _, k := range []model.Kind{model.Bool, model.Number, model.Integer, model.String, model.Any, model.Asset, model.Archive, model.AnyResource} {
		s.basic[k] = &model.Type{Kind: k}
	}
	s.int32 = &model.Type{Kind: model.Integer, Bits: 32}
	return s
}

// of returns the type of kind k, one that refers to nothing: a primitive (int for Integer), Any, Asset,
// Archive or AnyResource.
func (s *sharedTypes) of(k model.Kind) *model.Type { return s.basic[k] }

// integer returns the Integer of bits: int32 for 32, int for 0.
func (s *sharedTypes) integer(bits int) *model.Type {
	if bits == 32 {
		return s.int32
	}
	return s.basic[model.Integer]
}

// array returns the type of an array of elem.
func (s *sharedTypes) array(elem *model.Type) *model.Type {
	return s.compositeOf(compositeType{kind: model.Array, elem: elem})
}

// mapOf returns the type of a map from key to elem.
func (s *sharedTypes) mapOf(key, elem *model.Type) *model.Type {
	return s.compositeOf(compositeType{kind: model.Map, key: key, elem: elem})
}

// compositeOf returns the array or map type c, made on first use.
func (s *sharedTypes) compositeOf(c compositeType) *model.Type {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.composites[c]
	if t == nil {
		t = &model.Type{Kind: c.kind, Key: c.key, Elem: c.elem}
		s.composites[c] = t
	}
	return t
}

// refType returns the type of a reference to the declaration d, for a struct, an enum, an alias or a
// resource, nil for the others. A resource alias's is made once it knows its resource
// (resolveResourceAlias).
func refType(d *decl) *model.Type {
	switch d.kind {
	case kindStruct:
		return &model.Type{Kind: model.StructRef, Ref: d.strct.Token, Struct: d.strct}
	case kindEnum:
		return &model.Type{Kind: model.EnumRef, Ref: d.enum.Token, Enum: d.enum}
	case kindAlias:
		return &model.Type{Kind: model.AliasRef, Ref: d.alias.Token, Alias: d.alias}
	case kindResource:
		return &model.Type{Kind: model.Capability, Ref: d.resource.Token, Resource: d.resource}
	}
	return nil
}

// fieldNames hands out the names of properties, one string of each for the whole model: a field's Go
// name and the wire name made from it. The same few names (Name, Tags, Region) recur in most
// declarations (at 10,000 resources, 150,000 properties have 240 names), and the model keeps both
// names of every property while the backends run. Declarations are resolved at the same time: the
// names are looked up under a lock.
type fieldNames struct {
	mu    sync.Mutex
	names map[string]fieldName // by Go name
}

type fieldName struct{ goName, wire string }

// of returns goName and the wire name derived from it (WireName), as shared strings.
func (n *fieldNames) of(goName string) (string, string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	f, ok := n.names[goName]
	if !ok {
		f = fieldName{goName, WireName(goName)}
		n.names[goName] = f
	}
	return f.goName, f.wire
}
