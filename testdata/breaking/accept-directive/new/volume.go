// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Volume is a disk.
type Volume struct {
	idl.Resource
	// Size is the capacity in GiB.
	//cidlc:accept type-changed:Volume.size sizes are strings with units since 2.0 ("20GiB")
	//cidlc:accept stored-type-changed:Volume.size no stack holds a Volume yet
	Size string

	//cidlc:accept property-removed:Volume.legacy removed in 2.0, deprecated since 1.4
	//cidlc:accept property-removed:Volume.legacyy mistyped
}
