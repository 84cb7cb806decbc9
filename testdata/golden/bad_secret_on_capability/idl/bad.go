package bad

import "github.com/cidlc/cidlc/idl"

// Thing is a resource.
type Thing struct {
	idl.Resource
	// Other.
	Other *Other `lumi:"secret"`
}

// Other is another resource.
type Other struct {
	idl.Resource
}
