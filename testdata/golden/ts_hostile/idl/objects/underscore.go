package objects

import "github.com/cidlc/cidlc/idl"

// Object_ is re-exported by the barrel under the name the class of Object would take.
type Object_ struct {
	idl.Resource
	// Size is its size.
	Size float64
}
