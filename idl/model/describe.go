package model

import (
	"strings"

	"github.com/cidlc/cidlc/idl/contract"
)

// A Wording is the vocabulary in which Type.Describe names a type, chosen by who reads the message.
type Wording int

const (
	// AsKind names the kind of type an IDL's author declared, for the loader's messages: "a string", "a
	// map", "an enum", "a struct", "a reference to a resource"; an arbitrary value (any) is "an arbitrary
	// value".
	AsKind Wording = iota
	// AsValue names what a value of the type is in a JSON document (a snapshot, a deployment), with the
	// declaration it must match: "a string (Region)", "an object (Rule)", "an object" for a map, "a
	// reference to a resource of type acme:network/vpc:VPC"; an arbitrary value is "a value".
	AsValue
	// AsSource spells the type as the IDL's source does, declarations named as programs name them
	// (Decl.QualifiedName), for comparisons of two versions: "[]network.Subnet", "map[string]Tag",
	// "*idl.Resource".
	AsSource
)

// Describe names t for a message, in the wording w. An alias is named as its type is, but in the
// source's wording, where it is its own name.
func (t *Type) Describe(w Wording) string {
	// One case per kind: what the wordings share is written once.
	switch t.Kind {
	case Bool:
		return w.pick("a bool", "bool")
	case Number:
		return w.pick("a number", "float64")
	case Integer:
		return w.pick("an integer", contract.IntegerName(t.Bits))
	case String:
		return w.pick("a string", "string")
	case Asset:
		return w.pick("an asset", "idl.Asset")
	case Archive:
		return w.pick("an archive", "idl.Archive")
	case AnyResource:
		return w.pick("a reference to a resource", "*idl.Resource")
	case Capability:
		switch w {
		case AsValue:
			return "a reference to a resource of type " + t.Resource.Token
		case AsSource:
			return "*" + t.Resource.QualifiedName()
		}
		return "a reference to a resource"
	case Array:
		if w == AsSource {
			return "[]" + t.Elem.Describe(w)
		}
		return "an array"
	case Map:
		switch w {
		case AsValue:
			return "an object"
		case AsSource:
			return "map[" + t.Key.Describe(w) + "]" + t.Elem.Describe(w)
		}
		return "a map"
	case EnumRef:
		switch w {
		case AsValue:
			return "a string (" + t.Enum.Name + ")"
		case AsSource:
			return t.Enum.QualifiedName()
		}
		return "an enum"
	case StructRef:
		switch w {
		case AsValue:
			return "an object (" + t.Struct.Name + ")"
		case AsSource:
			return t.Struct.QualifiedName()
		}
		return "a struct"
	case AliasRef:
		if w == AsSource {
			return t.Alias.QualifiedName()
		}
		return t.Alias.Type.Describe(w)
	case Any:
		if w == AsSource {
			return "any"
		}
	}
	switch w {
	case AsValue:
		return "a value"
	case AsSource:
		return string(t.Kind)
	}
	return "an arbitrary value"
}

// pick returns words, or in the source's wording the source's spelling.
func (w Wording) pick(words, source string) string {
	if w == AsSource {
		return source
	}
	return words
}

// QualifiedName names the declaration as programs do, qualified by the directory of its IDL package,
// dots for slashes: `network.VPC`, or `VPC` in the root package.
func (d *Decl) QualifiedName() string {
	if dir := d.File.Package.Dir; dir != "" {
		return strings.ReplaceAll(dir, "/", ".") + "." + d.Name
	}
	return d.Name
}
