// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Volume is a disk.
type Volume struct {
	idl.Resource
	// Size is the capacity in GiB.
	Size float64
	// Zone is where the volume lives.
	Zone string `lumi:"replaces,default=us-west-1b"`
}

// Instance is a server.
type Instance struct {
	idl.Resource
	// Volume is the instance's boot disk.
	Volume *Volume `lumi:"replaces"`
}
