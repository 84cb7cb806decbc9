// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Volume is a disk.
type Volume struct {
	idl.Resource
	// Size is the capacity in GiB.
	Size string
	// Placement is where the volume is.
	Placement Placement
}

// Placement is where a volume is.
type Placement struct {
	// Zone is the availability zone.
	Zone []string
}

// GetImage finds an image.
type GetImage struct {
	idl.Function
	Name string
	Size string `lumi:"out"`
}
