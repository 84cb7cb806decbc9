package postgresql

import "github.com/cidlc/cidlc/idl"

// RoleSettings are the settings that a role's sessions start with (ALTER ROLE … SET name = value):
// search_path, statement_timeout, idle_in_transaction_session_timeout or any other that a session
// can set, for the role in every database, or in one (ALTER ROLE … IN DATABASE … SET). They own
// every setting of the role there: an update resets what they no longer list and sets the rest, a
// refresh shows settings changed outside Pulumi, and deleting them resets them all. A setting of the
// whole server (shared_buffers, or any that only postgresql.conf sets) cannot be a role's.
//
// Its ID is the role's name, or the role's and the database's joined by a slash (app/reporting; a /
// or % in a name is written %2F or %25).
type RoleSettings struct {
	idl.Resource `lumi:"timeout=5m"`
	// Role is the name of the role whose sessions start with the settings.
	Role string `lumi:"replaces"`
	// Database is the name of the database where the role's sessions start with the settings; by
	// default, every database (where the database's own settings for the role come first).
	Database *string `lumi:"optional,replaces"`
	// Settings are the values of the settings, by name, as SET takes them: 30s, on, or for
	// search_path a list ("$user", public).
	Settings map[string]string
}
