// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Rule lets traffic in.
type Rule struct {
	idl.Resource
	// Protocol is what it lets in.
	Protocol Protocol
}
