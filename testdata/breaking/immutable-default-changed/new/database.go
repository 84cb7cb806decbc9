// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Database is a database.
type Database struct {
	idl.NamedResource
	// Encoding is the character set of its text.
	Encoding string `lumi:"immutable,default=SQL_ASCII"`
	// Locale is the locale of its messages.
	Locale string `lumi:"immutable,default=C"`
	// Template is the database it is copied from.
	Template *string `lumi:"optional,immutable"`
}
