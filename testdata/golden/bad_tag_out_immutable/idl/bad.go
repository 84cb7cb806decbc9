package bad

import "github.com/cidlc/cidlc/idl"

// Volume is a disk.
type Volume struct {
	idl.Resource
	// Serial is the disk's serial number, given by the cloud.
	Serial *string `lumi:"out,immutable"`
}
