package bad

import "github.com/cidlc/cidlc/idl"

// Volume is a disk.
type Volume struct {
	idl.Resource
	// Size is its capacity in GiB.
	//cidlc:acept type-changed:Volume.size sizes have units now
	Size string
}
