package hostile

import "github.com/cidlc/cidlc/idl"

// Error is a resource named like JavaScript's Error: the file's code must throw globalThis.Error.
type Error struct {
	idl.NamedResource
	// Default is a property named with a JavaScript keyword.
	Default string `lumi:"default"`
	// Delete is too.
	Delete *bool `lumi:"delete,optional"`
	// New is too, and replaces.
	New *string `lumi:"new,optional,replaces"`
	// Class is too.
	Class *string `lumi:"class,optional"`
	// Function is too.
	Function *string `lumi:"function,optional"`
}
