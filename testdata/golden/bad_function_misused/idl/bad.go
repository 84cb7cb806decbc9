package bad

import "github.com/cidlc/cidlc/idl"

// GetImage looks an image up.
type GetImage struct {
	idl.Function
	Name string
	ID   string `lumi:"out"`
}

// Holder holds what cannot be held.
type Holder struct {
	Lookup   GetImage
	Lookups  []GetImage
	Marker   idl.Function
	MarkerPt *idl.Function `lumi:"optional"`
}

// Embedder embeds a function.
type Embedder struct {
	GetImage
}

// Copy is defined from a function.
type Copy GetImage
