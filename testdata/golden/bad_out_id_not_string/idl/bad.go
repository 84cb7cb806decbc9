package bad

import "github.com/cidlc/cidlc/idl"

// Thing is a resource.
type Thing struct {
	idl.Resource
	// An ID.
	ID *float64 `lumi:"id,out"`
}
