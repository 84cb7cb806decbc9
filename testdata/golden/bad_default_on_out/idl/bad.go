package bad

import "github.com/cidlc/cidlc/idl"

// Thing is a resource.
type Thing struct {
	idl.Resource
	// Address.
	Address *string `lumi:"out,default=x"`
}
