package bad

import "github.com/cidlc/cidlc/idl"

// Thing is a resource.
type Thing struct {
	idl.Resource
	// Name.
	Name string `lumi:"min=1"`
	// Size.
	Size float64 `lumi:"pattern=^a$"`
	// Tags.
	Tags []string `lumi:"maxProperties=3"`
}
