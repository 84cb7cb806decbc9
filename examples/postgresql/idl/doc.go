// Package postgresql is the IDL of a PostgreSQL provider: the roles, databases, schemas, grants,
// extensions, default privileges, memberships and role settings of a PostgreSQL server (13 or
// newer), managed by Pulumi.
//
// The provider connects to one server, configured like every PostgreSQL client (host, port, username,
// password, database, sslmode, connect timeout, with the PG… environment variables of libpq as
// fallbacks), and manages what lives there: roles (users and groups) with their memberships and the
// settings their sessions start with, the databases they own, schemas in those databases, the
// privileges granted on them and on what is created in them from now on, and extensions.
// Every resource reads its state back from the server's catalogs, so a refresh finds what was changed
// by hand, and every resource can be adopted with `pulumi import` or `get` from its ID alone.
//
// Names are PostgreSQL identifiers as they are stored, case and all: the provider quotes them, so
// "App", app and "my app" are three different names, and nothing is folded to lower case.
//
// Run `go generate` in this directory to regenerate the TypeScript package (../pack), the Go
// provider stubs (../provider) and the Pulumi schema after changing the IDL.
package postgresql

// cidlc is a tool of this Go module (the tool line of its go.mod). Not in the package doc above: the
// doc is part of every output.
//
//go:generate go tool cidlc . --out-pack=../pack --out-provider=../provider --out-schema=../cmd/pulumi-resource-postgresql/schema.json --pkg-version=0.1.0

// The connection limits (Role.ConnectionLimit, Database.ConnectionLimit) are int32, PostgreSQL's int4:
// a limit beyond its range fails the TypeScript constructor and Check naming the property, not the
// server's ALTER ROLE.
