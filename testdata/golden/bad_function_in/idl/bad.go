package bad

import "github.com/cidlc/cidlc/idl"

// GetImage looks an image up.
type GetImage struct {
	idl.Function
	Name string `lumi:"in"`
	ID   string `lumi:"out"`
}
