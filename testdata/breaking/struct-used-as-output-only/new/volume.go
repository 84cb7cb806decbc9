// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Volume is a disk.
type Volume struct {
	idl.Resource
	// Size is the capacity in GiB.
	Size float64
	// Status is what the provider reports.
	Status *Status `lumi:"out"`
}

// Status is what the provider reports.
type Status struct {
	// State is the lifecycle state.
	State string
	// Since is when it entered the state.
	Since string
}
