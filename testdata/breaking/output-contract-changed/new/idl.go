// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Volume is a disk.
type Volume struct {
	idl.Resource
	// Size is the capacity in GiB.
	Size float64
	// Device is where the volume is attached.
	Device *string `lumi:"out,maxLength=32"`
}

// GetImage finds an image.
type GetImage struct {
	idl.Function
	Name string
	Size float64 `lumi:"out,min=8"`
}
