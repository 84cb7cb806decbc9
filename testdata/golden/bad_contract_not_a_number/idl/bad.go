package bad

import "github.com/cidlc/cidlc/idl"

// Thing is a resource.
type Thing struct {
	idl.Resource
	// Size.
	Size float64 `lumi:"min=abc,max=1e999"`
}
