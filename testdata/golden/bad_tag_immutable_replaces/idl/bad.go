package bad

import "github.com/cidlc/cidlc/idl"

// Database is a database.
type Database struct {
	idl.NamedResource
	// Encoding is the character set of its text.
	Encoding string `lumi:"immutable,replaces"`
	// Collation is how its text sorts.
	Collation string `lumi:"replace,immutable"`
}
