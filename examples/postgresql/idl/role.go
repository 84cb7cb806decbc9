package postgresql

import "github.com/cidlc/cidlc/idl"

// Role is a role of the server: a user when it can log in, a group when other roles are its members.
// Its ID is its name.
//
// Its memberships (roles) are made once the role exists: when the server refuses one (a role that does
// not exist, a group the provider's user may not grant), or it waits past the timeout (on a lock held
// on the group), the role stays, kept by the stack as created but unfinished, and the next update
// makes its memberships.
//
// Deleting a role first gives what it owns, in every database, to the provider's user (REASSIGN OWNED)
// and revokes what was granted to it (DROP OWNED): its tables and their data stay.
type Role struct {
	idl.NamedResource `lumi:"verbatim,timeout=5m"`
	// Login lets the role log in: a user rather than a group.
	Login bool `lumi:"default=false"`
	// Password is the role's password. The server keeps only a salted hash of it (SCRAM-SHA-256), and
	// never gives it back: the stack keeps the program's, as a secret, and a role imported has none until
	// the program gives one. A refresh run as a superuser finds out when the password was changed outside
	// Pulumi, by checking it against the server's hash, and forgets it; the next update then sets it again.
	Password *string `lumi:"optional,in,secret"`
	// Superuser makes the role a superuser, which bypasses every permission check.
	Superuser bool `lumi:"default=false"`
	// CreateDatabase lets the role create databases.
	CreateDatabase bool `lumi:"default=false"`
	// CreateRole lets the role create, change and drop other roles.
	CreateRole bool `lumi:"default=false"`
	// Inherit gives the role the privileges of the roles it is a member of, without SET ROLE.
	Inherit bool `lumi:"default=true"`
	// Replication lets the role start streaming replication and take base backups.
	Replication bool `lumi:"default=false"`
	// BypassRowLevelSecurity lets the role bypass every row-level security policy.
	BypassRowLevelSecurity bool `lumi:"default=false"`
	// ConnectionLimit is how many sessions the role may have at once; -1 is no limit.
	ConnectionLimit int32 `lumi:"default=-1,min=-1"`
	// ValidUntil is when the role's password stops working: an RFC 3339 time
	// (2030-01-01T00:00:00Z), or infinity. Without it, the password never expires.
	ValidUntil *string `lumi:"optional"`
	// Roles are the roles this role is a member of, by name: groups of this provider's (pass their
	// names), or roles of the server such as pg_read_all_data. With roles, even empty, the role is a
	// member of those alone; without, the provider leaves its memberships alone, for Membership
	// resources to manage.
	Roles *[]string `lumi:"optional,uniqueItems"`
}

// GetRole looks up a role of the server by name, as the catalogs have it: one made outside Pulumi (by
// a DBA, or by an extension), whose traits a program needs. It fails when there is no such role.
type GetRole struct {
	idl.Function
	// Name is the role's name, case and all.
	Name string `lumi:"minLength=1,maxLength=63"`
	// Login says whether the role can log in.
	Login bool `lumi:"out"`
	// Superuser says whether the role is a superuser.
	Superuser bool `lumi:"out"`
	// CreateDatabase says whether the role can create databases.
	CreateDatabase bool `lumi:"out"`
	// CreateRole says whether the role can create roles.
	CreateRole bool `lumi:"out"`
	// ConnectionLimit is how many sessions the role may have at once; -1 is no limit.
	ConnectionLimit int32 `lumi:"out"`
	// ValidUntil is when the role's password stops working (RFC 3339), or absent when it never does.
	ValidUntil *string `lumi:"optional,out"`
	// Roles are the roles this role is a member of, in alphabetical order.
	Roles []string `lumi:"out"`
}
