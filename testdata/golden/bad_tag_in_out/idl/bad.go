package bad

import "github.com/cidlc/cidlc/idl"

// Thing is a resource.
type Thing struct {
	idl.Resource
	// Secret.
	Secret *string `lumi:"in,out"`
}
