// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Queue holds messages.
type Queue struct {
	idl.NamedResource `lumi:"verbatim"`
	// Durable queues survive a restart.
	Durable bool `lumi:"default=true,replaces"`
}
