package bad

import "github.com/cidlc/cidlc/idl"

// Thing is a resource.
type Thing struct {
	idl.Resource
	// Count of things.
	Count *uint `lumi:"optional"`
}
