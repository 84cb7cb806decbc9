// Package provider is named like the runtime package that stubs import.
package provider

import "github.com/cidlc/cidlc/idl"

// Plugin is a resource in a package named provider.
type Plugin struct {
	idl.NamedResource
	// Version is required.
	Version string
	// Settings is a struct of this package.
	Settings *Settings `lumi:"optional"`
}

// Settings configure a plugin.
type Settings struct {
	Verbose bool
}
