package bad

import "github.com/cidlc/cidlc/idl"

// Thing is a resource.
type Thing struct {
	idl.Resource
	// Names.
	Names []string `lumi:"items.min=1"`
}
