package bad

import "github.com/cidlc/cidlc/idl"

// Thing is a resource.
type Thing struct {
	idl.Resource
	// Optional is named optional by its tag, as the 2017 tags always put the name first: it is not
	// optional, so its pointer is wrong.
	Optional *bool `lumi:"optional"`
}
