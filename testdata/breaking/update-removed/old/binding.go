// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Binding routes an exchange's messages to a queue.
type Binding struct {
	idl.Resource
	// Queue receives the messages.
	Queue string `lumi:"replaces"`
	// RoutingKey selects the messages; it changes in place.
	RoutingKey string `lumi:"default=#"`
}
