package bad

import "github.com/cidlc/cidlc/idl"

// Thing is a resource.
type Thing struct {
	idl.Resource
	// Size.
	Size float64 `lumi:"default=big"`
	// On.
	On bool `lumi:"default=yes"`
	// Tags.
	Tags []string `lumi:"default=a"`
}
