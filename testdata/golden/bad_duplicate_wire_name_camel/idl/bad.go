package bad

import "github.com/cidlc/cidlc/idl"

// Thing is a resource.
type Thing struct {
	idl.Resource
	// The VPC.
	VPC string
	// Also the VPC.
	Vpc string
}
