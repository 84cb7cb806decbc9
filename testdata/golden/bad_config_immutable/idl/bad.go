package bad

import "github.com/cidlc/cidlc/idl"

// Config configures the provider.
type Config struct {
	idl.Config
	// Region is where the provider's resources live: they cannot move.
	Region string `lumi:"immutable,replaces"`
	// Account is whose resources the provider manages.
	Account string `lumi:"immutable"`
}
