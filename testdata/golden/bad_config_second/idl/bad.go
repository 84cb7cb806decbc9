package bad

import "github.com/cidlc/cidlc/idl"

// Config configures the provider.
type Config struct {
	idl.Config
	// Region is where resources go.
	Region string
}

// Settings would configure it too.
type Settings struct {
	idl.Config
	// Token authenticates.
	Token string `lumi:"secret"`
}
