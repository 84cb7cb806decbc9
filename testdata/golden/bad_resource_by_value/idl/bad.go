package bad

import "github.com/cidlc/cidlc/idl"

// Thing is a resource.
type Thing struct {
	idl.Resource
	// The other thing.
	Other Other
}

// Other is another resource.
type Other struct {
	idl.Resource
}
