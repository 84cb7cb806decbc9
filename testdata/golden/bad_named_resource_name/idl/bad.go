package bad

import "github.com/cidlc/cidlc/idl"

// Thing is a named resource.
type Thing struct {
	idl.NamedResource
	// Its name.
	Name string
}
