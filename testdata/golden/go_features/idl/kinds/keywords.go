package kinds

import "github.com/cidlc/cidlc/idl"

// Type is a resource whose lower-cased name is a Go keyword.
type Type struct {
	idl.Resource
	Func *Func `lumi:"optional"`
}

// Func is another.
type Func struct {
	idl.NamedResource
}

// Package is another, with an out id and nothing else.
type Package struct {
	idl.Resource
	ID *string `lumi:"id,out"`
}

// String is named like a predeclared type.
type String struct {
	idl.Resource
	Value string
}

// Resource is named like a package the stubs import.
type Resource struct {
	idl.Resource
}

// Hooks is named like a local variable of the stubs.
type Hooks struct {
	idl.Resource
}
