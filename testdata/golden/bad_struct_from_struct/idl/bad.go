package bad

import (
	"time"

	"github.com/cidlc/cidlc/idl"
)

// Blob is defined from a marker type: neither a resource nor a struct of the IDL.
type Blob idl.Asset

// Stamp is defined from a struct declared outside the IDL.
type Stamp time.Time

// MoreBlob is defined from a rejected type: nothing more is said about it.
type MoreBlob Blob

// unexported is rejected for its name.
type unexported struct {
	// A is a property.
	A string
}

// FromUnexported is defined from a rejected type: nothing more is said about it.
type FromUnexported unexported
