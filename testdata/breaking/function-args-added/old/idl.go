// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// GetCaller says who calls.
type GetCaller struct {
	idl.Function
	// Account is the caller's account.
	Account string `lumi:"out"`
}
