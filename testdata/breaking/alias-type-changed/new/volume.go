// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Volume is a disk.
type Volume struct {
	idl.Resource
	// Size is the capacity in GiB.
	Size float64
	// Tags label it.
	Tags *Tags `lumi:"optional"`
	// Labels label it too.
	Labels Tags
}

// Tags label a resource.
type Tags map[string]float64
