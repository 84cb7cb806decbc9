package bad

import "github.com/cidlc/cidlc/idl"

// Config configures the provider.
type Config struct {
	idl.Config
	// Version is the API version.
	Version *string `lumi:"optional"`
	// Internal is the engine's.
	Internal *string `lumi:"__internal,optional"`
}
