// Package names exercises the names of a configuration's exports giving way to the author's: a type
// Provider, a sub-directory config/, and configuration keys that cannot name a constant.
package names

import "github.com/cidlc/cidlc/idl"

// Provider is the author's own type, which keeps its name.
type Provider struct {
	// Kind of provider.
	Kind string
}

// ProviderArgs is the author's too.
type ProviderArgs string

// Settings configures the provider.
type Settings struct {
	idl.Config
	// Default is a key that is a reserved word.
	Default *string `lumi:"default,optional"`
	// Exports is a key that a CommonJS module has in scope.
	Exports *string `lumi:"exports,optional"`
	// Pulumi is a key that the module imports.
	Pulumi *Provider `lumi:"pulumi,optional"`
}
