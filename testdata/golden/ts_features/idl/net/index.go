package net

import "github.com/cidlc/cidlc/idl"

// Gateway is declared in index.go, so it lives in the net barrel itself.
type Gateway struct {
	idl.NamedResource
	// Network is a capability to a resource of another file of the same module.
	Network *Network `lumi:"replaces"`
	// Public is a required bool.
	Public bool
}
