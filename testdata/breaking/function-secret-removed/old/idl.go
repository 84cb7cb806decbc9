// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// GetToken returns a token.
type GetToken struct {
	idl.Function
	Scope string
	Token string `lumi:"out,secret"`
}
