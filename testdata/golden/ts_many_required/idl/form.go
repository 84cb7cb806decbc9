// Package forms holds a resource with more required inputs than one if statement each can check.
package forms

import "github.com/cidlc/cidlc/idl"

// A Form has 33 required fields: its constructor checks them in one loop, which keeps tsc's control-flow
// analysis small however many there are.
type Form struct {
	idl.Resource
	// Field0 is required.
	Field0 string
	// Field1 is required.
	Field1 string
	// Field2 is required.
	Field2 string
	// Field3 is required.
	Field3 string
	// Field4 is required.
	Field4 string
	// Field5 is required.
	Field5 string
	// Field6 is required.
	Field6 string
	// Field7 is required.
	Field7 string
	// Field8 is required.
	Field8 string
	// Field9 is required.
	Field9 string
	// Field10 is required.
	Field10 string
	// Field11 is required.
	Field11 string
	// Field12 is required.
	Field12 string
	// Field13 is required.
	Field13 string
	// Field14 is required.
	Field14 string
	// Field15 is required.
	Field15 string
	// Field16 is required.
	Field16 string
	// Field17 is required.
	Field17 string
	// Field18 is required.
	Field18 string
	// Field19 is required.
	Field19 string
	// Field20 is required.
	Field20 string
	// Field21 is required.
	Field21 string
	// Field22 is required.
	Field22 string
	// Field23 is required.
	Field23 string
	// Field24 is required.
	Field24 string
	// Field25 is required.
	Field25 string
	// Field26 is required.
	Field26 string
	// Field27 is required.
	Field27 string
	// Field28 is required.
	Field28 string
	// Field29 is required.
	Field29 string
	// Field30 is required.
	Field30 string
	// Field31 is required.
	Field31 string
	// Field32 is required.
	Field32 string
	// Odd has a name that is not an identifier in JavaScript.
	Odd string `lumi:"aⸯb"`
	// Note is optional.
	Note *string `lumi:"optional"`
}
