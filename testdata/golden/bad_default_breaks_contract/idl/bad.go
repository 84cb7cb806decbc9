package bad

import "github.com/cidlc/cidlc/idl"

// Thing is a resource.
type Thing struct {
	idl.Resource
	// Size.
	Size float64 `lumi:"min=1,max=10,default=20"`
	// Name.
	Name string `lumi:"pattern=^[a-z]+$,default=ABC"`
}
