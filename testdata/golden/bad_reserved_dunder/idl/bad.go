package bad

import "github.com/cidlc/cidlc/idl"

// Thing is a resource.
type Thing struct {
	idl.Resource
	// Internal.
	Internal string `lumi:"__internal"`
}
