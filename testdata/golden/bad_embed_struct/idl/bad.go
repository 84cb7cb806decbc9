package bad

import "github.com/cidlc/cidlc/idl"

// Base is shared.
type Base struct {
	// Region of it.
	Region string
}

// Thing is a resource.
type Thing struct {
	idl.Resource
	Base
}
