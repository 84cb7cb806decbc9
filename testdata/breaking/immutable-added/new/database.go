// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Database is a database.
type Database struct {
	idl.NamedResource
	// Encoding is the character set of its text.
	Encoding string `lumi:"immutable"`
	// Collation is how its text sorts.
	Collation string `lumi:"immutable"`
	// Locale is the locale of its messages: a new optional input, immutable.
	Locale *string `lumi:"optional,immutable"`
}
