// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Database is a database.
type Database struct {
	idl.NamedResource
	// Encoding is the character set of its text.
	Encoding string
	// Collation is how its text sorts.
	Collation string `lumi:"replaces"`
}
