package postgresql

import "github.com/cidlc/cidlc/idl"

// Database is a database of the server. Its ID is its name.
//
// Its name and what it is made with (its encoding, collation, character classes and template) are
// immutable: replacing the database to change one of them would drop it and its data, so a change
// fails the preview instead. To rename it anyway, or make it anew, replace it deliberately (pulumi up
// --replace <urn>). The server could rename a database in place (ALTER DATABASE … RENAME TO), but its
// name is its ID, which an update cannot change, and a rename fails while anyone is connected to it.
//
// Deleting a database drops it with everything in it, even while sessions are connected to it (they
// are ended).
type Database struct {
	idl.NamedResource `lumi:"verbatim,immutable,timeout=10m"`
	// Owner is the role that owns the database; by default the provider's user.
	Owner *Role `lumi:"optional"`
	// Template is the database this one starts as a copy of.
	Template string `lumi:"default=template0,immutable"`
	// Encoding is the character set of the database's text, such as UTF8 or LATIN1.
	Encoding string `lumi:"default=UTF8,immutable"`
	// LCCollate is the locale that orders the database's text (LC_COLLATE), such as C or
	// en_US.UTF-8: one that the server's machine has. By default the template's.
	LCCollate *string `lumi:"optional,immutable"`
	// LCCtype is the locale that classifies the database's characters (LC_CTYPE): upper or lower
	// case, letter or digit. By default the template's.
	LCCtype *string `lumi:"optional,immutable"`
	// ConnectionLimit is how many sessions may be connected to the database at once; -1 is no limit.
	ConnectionLimit int32 `lumi:"default=-1,min=-1"`
	// AllowConnections lets sessions connect to the database.
	AllowConnections bool `lumi:"default=true"`
	// IsTemplate lets roles with CREATEDB copy the database (CREATE DATABASE … TEMPLATE this one).
	IsTemplate bool `lumi:"default=false"`
}
