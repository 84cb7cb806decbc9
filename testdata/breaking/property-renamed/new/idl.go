// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// GetImage finds an image.
type GetImage struct {
	idl.Function
	Name string `lumi:"imageName"`
	ID   string `lumi:"out"`
}
