// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// GetImage finds an image; it was called findImage.
type GetImage struct {
	idl.Function `lumi:"formerly=acme:idl:findImage"`
	Name         string
	ID           string `lumi:"out"`
}
