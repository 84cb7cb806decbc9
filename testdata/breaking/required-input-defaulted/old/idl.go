// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Volume is a disk.
type Volume struct {
	idl.Resource
	// Size is the capacity in GiB.
	Size float64
}

// GetImage finds an image.
type GetImage struct {
	idl.Function
	Arch string
	ID   string `lumi:"out"`
}
