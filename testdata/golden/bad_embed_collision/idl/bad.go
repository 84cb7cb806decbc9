package bad

import "github.com/cidlc/cidlc/idl"

// Common is shared; its fields are fine in a struct.
type Common struct {
	// Region of it.
	Region string
	// URN is a plain property of a struct.
	URN string
}

// Thing embeds Common, whose properties become its own: one is named urn, which a resource may not have,
// and its own fields meet Common's by Go name and by wire name.
type Thing struct {
	idl.Resource
	Common
	// Region has Common.Region's Go name.
	Region string `lumi:"zone"`
	// Place has Common.Region's wire name.
	Place string `lumi:"region"`
}
