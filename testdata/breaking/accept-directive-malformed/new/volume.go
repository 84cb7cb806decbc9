// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Volume is a disk.
type Volume struct {
	idl.Resource
	// Size is the capacity in GiB.
	//cidlc:accept type-changed sizes are strings with units since 2.0
	//cidlc:accept type-change:Volume.size sizes are strings with units since 2.0
	//cidlc:accept type-changed:Volume.size
	Size string
}
