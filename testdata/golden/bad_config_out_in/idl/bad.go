package bad

import "github.com/cidlc/cidlc/idl"

// Config configures the provider.
type Config struct {
	idl.Config
	// Endpoint is set by the provider.
	Endpoint *string `lumi:"out"`
	// Password is never returned.
	Password *string `lumi:"optional,in"`
}
