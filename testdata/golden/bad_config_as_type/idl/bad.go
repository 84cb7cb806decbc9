package bad

import "github.com/cidlc/cidlc/idl"

// Config configures the provider.
type Config struct {
	idl.Config
	// Region is where resources go.
	Region string
}

// Copy is defined from the configuration.
type Copy Config

// Thing is a resource.
type Thing struct {
	idl.Resource
	Config
	// Settings are the provider's.
	Settings *Config `lumi:"optional"`
	// Marker is the marker itself.
	Marker *idl.Config `lumi:"optional"`
}
