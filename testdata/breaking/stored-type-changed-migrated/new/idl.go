// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Volume is a disk. Its state is of version 1: the size became a number of GiB.
type Volume struct {
	idl.Resource `lumi:"stateVersion=1"`
	// Size is the capacity in GiB.
	//cidlc:accept type-changed:Volume.size sizes are numbers of GiB since 2.0
	Size float64
	// Placement is where the volume is.
	Placement Placement
}

// Snapshot is a copy of a volume. Its state is still of version 2.
type Snapshot struct {
	idl.Resource `lumi:"stateVersion=2"`
	// Placement is where the copy is.
	Placement Placement
}

// Placement is where a volume is.
type Placement struct {
	// Zone is the availability zone, or zones.
	//cidlc:accept type-changed:Placement.zone zones are lists since 2.0
	Zone []string
}
