package bad

import "github.com/cidlc/cidlc/idl"

// Thing is a resource.
type Thing struct {
	idl.Resource
	// Size.
	Size float64 `lumi:"min=10,max=5"`
	// Ratio.
	Ratio float64 `lumi:"exclusiveMin=1,exclusiveMax=1"`
	// Name.
	Name string `lumi:"minLength=5,maxLength=2"`
}
