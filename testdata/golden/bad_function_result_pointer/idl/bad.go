package bad

import "github.com/cidlc/cidlc/idl"

// GetImage looks an image up.
type GetImage struct {
	idl.Function
	Name string
	ID   *string `lumi:"out"`
	// An optional result may be a pointer.
	Owner *string `lumi:"optional,out"`
}
