package sub

import "github.com/cidlc/cidlc/idl"

// Config configures the provider, from the wrong package.
type Config struct {
	idl.Config
	// Region is where resources go.
	Region string
}
