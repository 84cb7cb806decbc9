package postgresql

import "github.com/cidlc/cidlc/idl"

// Schema is a schema of a database: a namespace for tables, views, functions and types. Its ID is
// the database's name and the schema's, joined by a slash (app/reporting; a / or % in a name is
// written %2F or %25).
//
// Privileges on a schema are Grants of object type schema.
type Schema struct {
	idl.NamedResource `lumi:"verbatim,timeout=5m"`
	// Database is the name of the database that holds the schema.
	Database string `lumi:"replaces"`
	// Owner is the role that owns the schema; by default the provider's user.
	Owner *Role `lumi:"optional"`
	// DropCascade drops what the schema holds (tables and their data included) when the schema is
	// deleted. Without it, deleting a schema that holds anything fails, and nothing is lost.
	DropCascade bool `lumi:"default=false"`
}

// ListSchemas lists the schemas of a database that hold user objects: not the server's own
// (pg_catalog, information_schema, pg_toast and the other pg_ ones).
type ListSchemas struct {
	idl.Function
	// Database is the name of the database whose schemas are listed.
	Database string `lumi:"minLength=1,maxLength=63"`
	// Names are the schemas' names, in alphabetical order.
	Names []string `lumi:"out"`
	// Owners are the schemas' owners, by schema name.
	Owners map[string]string `lumi:"out"`
}
