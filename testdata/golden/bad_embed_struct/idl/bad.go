package bad

import "github.com/cidlc/cidlc/idl"

// Base is shared.
type Base struct {
	// Region of it.
	Region string
}

// Other is a resource.
type Other struct {
	idl.Resource
}

// Thing is a resource that embeds what cannot be flattened into it: a resource, and a pointer.
type Thing struct {
	idl.Resource
	Other
	*Base
}
