// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// GetImage finds an image by its name.
type GetImage struct {
	idl.Function
	// Name may now be left out: nothing breaks.
	Name *string `lumi:"optional"`
	// Owner is now required.
	Owner string
	// Region is a new required input.
	Region string
	ID     string `lumi:"out"`
	// Size may now be absent.
	Size *float64 `lumi:"optional,out"`
	// Zone is a new result.
	Zone string `lumi:"out"`
}
