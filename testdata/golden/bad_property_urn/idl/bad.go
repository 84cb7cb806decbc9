package bad

import "github.com/cidlc/cidlc/idl"

// Thing is a resource.
type Thing struct {
	idl.Resource
	// A URN.
	URN string
}
