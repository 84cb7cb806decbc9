// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Database holds tables; applications connect to it by its name.
type Database struct {
	idl.NamedResource `lumi:"verbatim,name.maxLength=63"`
	// Owner is the role that owns it.
	Owner *string `lumi:"optional"`
}
