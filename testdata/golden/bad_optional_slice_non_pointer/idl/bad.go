package bad

import "github.com/cidlc/cidlc/idl"

// Thing is a resource.
type Thing struct {
	idl.Resource
	// Tags of things.
	Tags []string `lumi:"optional"`
}
