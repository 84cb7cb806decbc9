package bad

import "github.com/cidlc/cidlc/idl"

// Thing is a resource.
type Thing struct {
	idl.Resource
	// Size in GiB.
	Size *float64 `lumi:"optional,replacs,exclusivemin=0"`
}
