package postgresql

import "github.com/cidlc/cidlc/idl"

// DefaultPrivileges give a role privileges on the objects that another role, their owner, creates
// from now on (ALTER DEFAULT PRIVILEGES FOR ROLE owner … GRANT … TO role): what a Grant on every table
// of a schema cannot do, since it covers only the tables there when it is made. They change nothing
// on objects that exist already (a Grant does that). Like a Grant, they own exactly the privileges
// they list: an update revokes what they no longer list and grants what they add, a refresh shows
// privileges changed outside Pulumi, and deleting them revokes them. What they are on cannot change
// in place: a change replaces them.
//
// Without a schema, they apply in every schema of the database, and the server's own defaults
// (EXECUTE on functions and USAGE on types for public; everything for the owner) are where they
// start; with a schema, they add to those.
//
// Their ID is their object type, role, database, owner and schema, joined by slashes:
// table/app_reader/app/app_owner (every schema), table/app_reader/app/app_owner/reporting. A / or %
// in a name is written %2F or %25.
type DefaultPrivileges struct {
	idl.Resource `lumi:"timeout=5m"`
	// Role is the name of the role that receives the privileges, or public for every role.
	Role string `lumi:"replaces"`
	// Database is the name of the database whose new objects the privileges are on.
	Database string `lumi:"replaces"`
	// Owner is the name of the role whose new objects the privileges are on (FOR ROLE). The
	// provider's user must be it, or a member of it, or a superuser.
	Owner string `lumi:"replaces"`
	// Schema is the name of the schema whose new objects the privileges are on; without it, every
	// schema's. Default privileges on schemas have none.
	Schema *string `lumi:"optional,replaces"`
	// ObjectType is what the privileges are on.
	ObjectType DefaultObjectType `lumi:"replaces"`
	// Privileges are the privileges granted: those that the object type has (see DefaultObjectType),
	// or ALL for every one of them. An empty list grants nothing, and revokes what the default
	// privileges gave (without a schema, the server's own defaults too: EXECUTE on new functions for
	// public, say).
	Privileges []Privilege `lumi:"uniqueItems"`
	// WithGrantOption lets the role grant the privileges to others.
	WithGrantOption bool `lumi:"default=false,replaces"`
}

// DefaultObjectType is the kind of new object that DefaultPrivileges are on.
type DefaultObjectType string

const (
	// DefaultObjectTypeTable is a table, view or materialized view: SELECT, INSERT, UPDATE, DELETE,
	// TRUNCATE, REFERENCES, TRIGGER.
	DefaultObjectTypeTable DefaultObjectType = "table"
	// DefaultObjectTypeSequence is a sequence: USAGE, SELECT, UPDATE.
	DefaultObjectTypeSequence DefaultObjectType = "sequence"
	// DefaultObjectTypeFunction is a function or procedure: EXECUTE.
	DefaultObjectTypeFunction DefaultObjectType = "function"
	// DefaultObjectTypeType is a type or domain: USAGE.
	DefaultObjectTypeType DefaultObjectType = "type"
	// DefaultObjectTypeSchema is a schema: USAGE, CREATE.
	DefaultObjectTypeSchema DefaultObjectType = "schema"
)
