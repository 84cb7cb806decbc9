// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// GetImage finds an image by its name.
type GetImage struct {
	idl.Function
	// Name is the image's name.
	Name string
	// ID is the image's ID.
	ID string `lumi:"out"`
}
