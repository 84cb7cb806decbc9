// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Volume is a disk. Its state is of version 1: size is now sizeGiB.
type Volume struct {
	idl.Resource `lumi:"stateVersion=1"`
	// Size is the capacity in GiB.
	//cidlc:accept property-renamed:Volume.sizeGiB the unit is in the name since 2.0
	Size float64 `lumi:"sizeGiB"`
}
