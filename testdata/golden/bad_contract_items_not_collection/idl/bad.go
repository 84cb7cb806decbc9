package bad

import "github.com/cidlc/cidlc/idl"

// Thing is a resource.
type Thing struct {
	idl.Resource
	// Name.
	Name string `lumi:"items.minLength=1"`
}
