package bad

import "github.com/cidlc/cidlc/idl"

// Thing is a resource.
type Thing struct {
	idl.Resource
	// Sizes in GiB.
	Sizes []*float64
}
