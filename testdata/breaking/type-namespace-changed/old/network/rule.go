// Package network is the case's IDL.
package network

import "github.com/cidlc/cidlc/idl"

// Rule lets traffic in.
type Rule struct {
	idl.Resource
	// Protocol is what it lets in.
	Protocol Protocol
}
