package compute

import "github.com/cidlc/cidlc/idl"

// Disk has no required input: its args are optional.
type Disk struct {
	idl.Resource
	// ID is the disk's ID.
	ID *string `lumi:"id,out"`
	// Size is optional.
	Size *float64 `lumi:"optional"`
	// Attached is an out bool.
	Attached bool `lumi:"out"`
}
