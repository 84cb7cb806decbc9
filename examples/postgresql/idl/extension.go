package postgresql

import "github.com/cidlc/cidlc/idl"

// Extension is an extension installed in a database (hstore, pg_trgm, pgcrypto …): its name is the
// extension's, and one the server's machine has. Its ID is the database's name and the extension's,
// joined by a slash (app/hstore).
type Extension struct {
	idl.NamedResource `lumi:"verbatim,timeout=10m"`
	// Database is the name of the database the extension is installed in.
	Database string `lumi:"replaces"`
	// Schema is the schema that holds the extension's objects; by default the first of the search
	// path (public). Changing it moves them.
	Schema *string `lumi:"optional"`
	// Version is the extension's version; by default the newest the server has. Changing it updates
	// the extension (ALTER EXTENSION … UPDATE TO).
	Version *string `lumi:"optional"`
}
