// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Binding routes an exchange's messages to a queue. Every input now replaces it: it has no Update.
type Binding struct {
	idl.Resource
	// Queue receives the messages.
	Queue string `lumi:"replaces"`
	// RoutingKey selects the messages.
	RoutingKey string `lumi:"default=#,replaces"`
}
