package postgresql

import "github.com/cidlc/cidlc/idl"

// Grant gives a role privileges on a database, on a schema, or on tables, sequences or functions of a
// schema. It owns exactly the privileges it lists: an update revokes what it no longer lists and
// grants what it adds, in one transaction, and a refresh shows privileges revoked or added outside
// Pulumi. What the grant is on cannot change in place: a change replaces it.
//
// Its ID is its object type, role, database, schema and objects, joined by slashes:
// database/app_reader/app, schema/app_reader/app/reporting, table/app_reader/app/reporting (every
// table of the schema), table/app_reader/app/reporting/orders/items (two tables). A / or % in a
// name is written %2F or %25.
type Grant struct {
	idl.Resource `lumi:"timeout=5m"`
	// Role is the name of the role that receives the privileges, or public for every role.
	Role string `lumi:"replaces"`
	// Database is the name of the database: the object of a database grant, the database of the others.
	Database string `lumi:"replaces"`
	// Schema is the name of the schema: the object of a schema grant, the schema of table, sequence and
	// function grants. Database grants have none.
	Schema *string `lumi:"optional,replaces"`
	// ObjectType is what the privileges are on.
	ObjectType ObjectType `lumi:"replaces"`
	// Objects are the names of the tables, sequences or functions of the schema that the privileges
	// are on; without them, every one of the schema's (as it is when the grant is made: a refresh shows
	// a new table without the privileges as a change to make). Database and schema grants have none.
	// A function is named with its argument types when it is overloaded: add(integer, integer).
	Objects *[]string `lumi:"optional,replaces,uniqueItems,minItems=1"`
	// Privileges are the privileges granted: those that the object type has (see Privilege), or ALL
	// for every one of them. An empty list grants nothing, and revokes what the grant gave.
	Privileges []Privilege `lumi:"uniqueItems"`
	// WithGrantOption lets the role grant the privileges to others.
	WithGrantOption bool `lumi:"default=false,replaces"`
}

// ObjectType is the kind of object a Grant is on.
type ObjectType string

const (
	// ObjectTypeDatabase is a database: CONNECT, CREATE, TEMPORARY.
	ObjectTypeDatabase ObjectType = "database"
	// ObjectTypeSchema is a schema: CREATE, USAGE.
	ObjectTypeSchema ObjectType = "schema"
	// ObjectTypeTable is a table, view or materialized view: SELECT, INSERT, UPDATE, DELETE,
	// TRUNCATE, REFERENCES, TRIGGER.
	ObjectTypeTable ObjectType = "table"
	// ObjectTypeSequence is a sequence: USAGE, SELECT, UPDATE.
	ObjectTypeSequence ObjectType = "sequence"
	// ObjectTypeFunction is a function or procedure: EXECUTE.
	ObjectTypeFunction ObjectType = "function"
)

// Privilege is a privilege on an object.
type Privilege string

const (
	// PrivilegeAll is every privilege that the object type has.
	PrivilegeAll Privilege = "ALL"
	// PrivilegeSelect reads rows (tables) or the current value (sequences).
	PrivilegeSelect Privilege = "SELECT"
	// PrivilegeInsert adds rows.
	PrivilegeInsert Privilege = "INSERT"
	// PrivilegeUpdate changes rows (tables) or sets the value (sequences).
	PrivilegeUpdate Privilege = "UPDATE"
	// PrivilegeDelete deletes rows.
	PrivilegeDelete Privilege = "DELETE"
	// PrivilegeTruncate empties a table.
	PrivilegeTruncate Privilege = "TRUNCATE"
	// PrivilegeReferences creates foreign keys that refer to a table.
	PrivilegeReferences Privilege = "REFERENCES"
	// PrivilegeTrigger creates triggers on a table.
	PrivilegeTrigger Privilege = "TRIGGER"
	// PrivilegeCreate creates schemas (databases) or objects (schemas).
	PrivilegeCreate Privilege = "CREATE"
	// PrivilegeConnect connects to a database.
	PrivilegeConnect Privilege = "CONNECT"
	// PrivilegeTemporary creates temporary tables in a database.
	PrivilegeTemporary Privilege = "TEMPORARY"
	// PrivilegeExecute calls a function or procedure.
	PrivilegeExecute Privilege = "EXECUTE"
	// PrivilegeUsage looks up objects in a schema, or uses a sequence (currval, nextval).
	PrivilegeUsage Privilege = "USAGE"
)
