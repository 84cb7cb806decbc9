// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Volume is a disk.
type Volume struct {
	idl.Resource
	// Size is the capacity, with its unit ("20GiB").
	Size string
	// Placement is where the volume is.
	Placement Placement
}

// Snapshot is a copy of a volume.
type Snapshot struct {
	idl.Resource `lumi:"stateVersion=2"`
	// Placement is where the copy is.
	Placement Placement
}

// Placement is where a volume is.
type Placement struct {
	// Zone is the availability zone.
	Zone string
}
