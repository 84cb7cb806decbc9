package bad

import "github.com/cidlc/cidlc/idl"

// Thing is a resource.
type Thing struct {
	idl.Resource
	// Name.
	Name string `lumi:"pattern='^[a-z'"`
}
