package bad

import "github.com/cidlc/cidlc/idl"

// Thing is a resource.
type Thing struct {
	idl.Resource
	// Hidden was left out of JSON with encoding/json's "-"; the 2017 compiler made it a property named -.
	Hidden string `lumi:"-"`
}
