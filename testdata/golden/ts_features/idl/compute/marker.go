package compute

import "github.com/cidlc/cidlc/idl"

// Marker has no properties at all.
type Marker struct {
	idl.Resource
}
