package postgresql

import "github.com/cidlc/cidlc/idl"

// Membership makes a role a member of another (GRANT role TO member), so that the member has the
// role's privileges: memberships managed apart from the roles, such as one in a role of the server's
// (pg_read_all_data) or in a group that another stack manages. Its ID is the role's name and the
// member's, joined by a slash (readers/alice; a / or % in a name is written %2F or %25).
//
// A role's memberships are managed by Membership resources or by the role's roles list, not both: a
// Role without roles leaves its memberships alone.
//
// The inherit and set options are PostgreSQL 16's. An older server has neither: there, a member has
// the role's privileges without SET ROLE when the member's own inherit says so (Role.inherit), and
// may always SET ROLE to it. Leave both options out for such a server: a value fails the preview,
// naming the server's version.
type Membership struct {
	idl.Resource `lumi:"timeout=5m"`
	// Role is the name of the role whose privileges the member gets: a group.
	Role string `lumi:"replaces"`
	// Member is the name of the role that becomes a member of Role.
	Member string `lumi:"replaces"`
	// AdminOption lets the member grant Role to others, and revoke it (WITH ADMIN OPTION).
	AdminOption bool `lumi:"default=false"`
	// InheritOption gives the member Role's privileges without SET ROLE (WITH INHERIT, PostgreSQL 16
	// or newer); by default, as the member's own inherit says when the membership is made.
	InheritOption *bool `lumi:"optional"`
	// SetOption lets the member SET ROLE to Role (WITH SET, PostgreSQL 16 or newer); by default it
	// may.
	SetOption *bool `lumi:"optional"`
}
