package bad

import "github.com/cidlc/cidlc/idl"

// GetImage looks an image up.
type GetImage struct {
	idl.Function
	Name string `lumi:"replaces"`
	ID   string `lumi:"out"`
}

// GetZone looks a zone up.
type GetZone struct {
	idl.Function
	Name string `lumi:"immutable"`
	ID   string `lumi:"out"`
}
