package bad

import "github.com/cidlc/cidlc/idl"

// Config configures the provider, and is a resource too.
type Config struct {
	idl.Config
	idl.Resource
	// Region is where resources go.
	Region string
}

// Marked has a tag on its marker.
type Marked struct {
	idl.Config `lumi:"config"`
	// Token authenticates.
	Token string
}
