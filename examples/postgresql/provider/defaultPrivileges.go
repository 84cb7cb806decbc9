package postgresql

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"

	"github.com/cidlc/cidlc/provider"
)

type defaultPrivilegesOps struct{ s *Server }

// defaultKind is what the provider knows of the objects of a DefaultObjectType: their privileges,
// how ALTER DEFAULT PRIVILEGES names them, and how the catalogs do (pg_default_acl.defaclobjtype, and
// acldefault's code for the server's own defaults).
type defaultKind struct {
	privileges               []Privilege
	plural, objType, aclKind string
}

var defaultKinds = map[DefaultObjectType]defaultKind{
	DefaultObjectTypeTable:    {kinds[ObjectTypeTable].privileges, "TABLES", "r", "r"},
	DefaultObjectTypeSequence: {kinds[ObjectTypeSequence].privileges, "SEQUENCES", "S", "s"},
	DefaultObjectTypeFunction: {kinds[ObjectTypeFunction].privileges, "FUNCTIONS", "f", "f"},
	DefaultObjectTypeType:     {[]Privilege{PrivilegeUsage}, "TYPES", "T", "T"},
	DefaultObjectTypeSchema:   {kinds[ObjectTypeSchema].privileges, "SCHEMAS", "n", "n"},
}

var errNoOwner = errors.New("no such owner")

func (defaultPrivilegesOps) Check(_ context.Context, _ resource.URN, dp *defaultPrivileges) ([]provider.CheckFailure, error) {
	failures := slices.Concat(checkName("database", dp.Database), checkName("owner", dp.Owner), checkOptionalName("schema", dp.Schema))
	if dp.Role != "public" {
		failures = append(failures, checkName("role", dp.Role)...)
	} else if dp.WithGrantOption {
		failures = append(failures, provider.Failf("withGrantOption", "public cannot have the grant option: only a role can"))
	}
	if dp.ObjectType == DefaultObjectTypeSchema && dp.Schema != nil {
		failures = append(failures, provider.Failf("schema", "default privileges on schemas are the whole database's: leave schema out"))
	}
	return append(failures, checkPrivileges(string(dp.ObjectType), defaultKinds[dp.ObjectType].privileges, dp.Privileges)...), nil
}

func (o defaultPrivilegesOps) Create(ctx context.Context, _ resource.URN, dp *defaultPrivileges) (resource.ID, error) {
	return dp.id(), o.apply(ctx, dp)
}

// Update revokes what the default privileges no longer give, and what the catalogs show they give
// beyond their privileges (granted outside Pulumi), then grants the rest.
func (o defaultPrivilegesOps) Update(ctx context.Context, _ resource.ID, _, news *defaultPrivileges) error {
	return o.apply(ctx, news)
}

// Delete revokes the privileges, and gives the role back what the server's own defaults give it
// where they apply (in every schema): public's EXECUTE on functions, which privileges of none took.
func (o defaultPrivilegesOps) Delete(ctx context.Context, _ resource.ID, dp *defaultPrivileges) error {
	err := o.in(ctx, dp, "revoking "+dp.String(), func(tx pgx.Tx, held acl) error {
		if privileges := dp.expanded(); len(privileges) > 0 {
			if err := dp.exec(ctx, tx, "REVOKE", privileges); err != nil {
				return err
			}
		}
		if len(held.byDefault) > 0 {
			restore := *dp
			restore.WithGrantOption = false
			return restore.exec(ctx, tx, "GRANT", held.byDefault)
		}
		return nil
	})
	if errors.Is(err, errNoGrantee) || errors.Is(err, errNoOwner) || errors.Is(err, errNoObject) {
		return provider.ErrNotFound
	}
	return err
}

func (o defaultPrivilegesOps) Read(ctx context.Context, id resource.ID, dp *defaultPrivileges) error {
	names, err := splitID(id, "object type/role/database/owner[/schema]", 4, 5)
	if err != nil {
		return err
	}
	dp.ObjectType, dp.Role, dp.Database, dp.Owner, dp.Schema = DefaultObjectType(names[0]), names[1], names[2], names[3], nil
	if _, ok := defaultKinds[dp.ObjectType]; !ok {
		return fmt.Errorf("the ID %q does not start with an object type: %s", id, strings.Join(enumStrings(dp.ObjectType.Values()), ", "))
	}
	if len(names) == 5 {
		dp.Schema = &names[4]
	}
	err = o.in(ctx, dp, "reading "+dp.String(), func(_ pgx.Tx, held acl) error {
		if !settlePrivileges(defaultKinds[dp.ObjectType].privileges, held.have, held.grantable, &dp.Privileges, &dp.WithGrantOption) {
			return errNoGrantee
		}
		return nil
	})
	if errors.Is(err, errNoGrantee) || errors.Is(err, errNoOwner) || errors.Is(err, errNoObject) {
		return provider.ErrNotFound
	}
	return err
}

// apply makes the default privileges exactly those listed.
func (o defaultPrivilegesOps) apply(ctx context.Context, dp *defaultPrivileges) error {
	err := o.in(ctx, dp, "granting "+dp.String(), func(tx pgx.Tx, held acl) error {
		want := dp.expanded()
		if extra := slices.DeleteFunc(held.have, func(p Privilege) bool { return slices.Contains(want, p) }); len(extra) > 0 {
			if err := dp.exec(ctx, tx, "REVOKE", extra); err != nil {
				return err
			}
		}
		if len(want) > 0 {
			return dp.exec(ctx, tx, "GRANT", want)
		}
		return nil
	})
	switch {
	case errors.Is(err, errNoGrantee):
		return fmt.Errorf("role: there is no role %q to grant privileges to", dp.Role)
	case errors.Is(err, errNoOwner):
		return fmt.Errorf("owner: there is no role %q", dp.Owner)
	case errors.Is(err, errNoObject):
		return fmt.Errorf("%s", dp.missing())
	}
	return err
}

// acl is what the role has by the owner's default privileges (have), may grant, and would have by
// the server's own defaults (byDefault: in every schema, not in one).
type acl struct{ have, grantable, byDefault []Privilege }

// in runs fn in a transaction in the database, with the owner's default privileges there locked
// against other changes, and what the role has by them read. A role, owner, database or schema that
// does not exist is errNoGrantee, errNoOwner or errNoObject.
func (o defaultPrivilegesOps) in(ctx context.Context, dp *defaultPrivileges, what string, fn func(pgx.Tx, acl) error) error {
	err := o.s.inDatabase(ctx, dp.Database, what, func(tx pgx.Tx) error {
		if err := lock(ctx, tx, "defaults:"+string(joinID(dp.Database, dp.Owner))); err != nil {
			return err
		}
		held, err := dp.read(ctx, tx)
		if err != nil {
			return err
		}
		return fn(tx, held)
	})
	switch {
	case errors.Is(err, errNoDatabase):
		return errNoObject
	case code(err) != "":
		return failed(err, "%s", what)
	}
	return err
}

// read reads what the role has by the owner's default privileges in the schema (or every schema):
// pg_default_acl's, or, where it has none for every schema, the server's own (acldefault).
func (dp *defaultPrivileges) read(ctx context.Context, tx pgx.Tx) (acl, error) {
	var owner, schema, grantee *uint32
	err := tx.QueryRow(ctx, `SELECT (SELECT oid FROM pg_roles WHERE rolname = $1),
		CASE WHEN $2::text IS NULL THEN 0 ELSE (SELECT oid FROM pg_namespace WHERE nspname = $2) END,
		CASE WHEN $3 = 'public' THEN 0 ELSE (SELECT oid FROM pg_roles WHERE rolname = $3) END`,
		dp.Owner, dp.Schema, dp.Role).Scan(&owner, &schema, &grantee)
	switch {
	case err != nil:
		return acl{}, err
	case grantee == nil:
		return acl{}, errNoGrantee
	case owner == nil:
		return acl{}, errNoOwner
	case schema == nil:
		return acl{}, errNoObject
	}
	k := defaultKinds[dp.ObjectType]
	var held acl
	err = tx.QueryRow(ctx, `
		SELECT ARRAY(SELECT a.privilege_type FROM aclexplode(d.acl) a WHERE a.grantee = $3 ORDER BY 1),
		       ARRAY(SELECT a.privilege_type FROM aclexplode(d.acl) a WHERE a.grantee = $3 AND a.is_grantable ORDER BY 1),
		       ARRAY(SELECT a.privilege_type FROM aclexplode(d.defaults) a WHERE a.grantee = $3 ORDER BY 1)
		  FROM (SELECT COALESCE(
		          (SELECT defaclacl FROM pg_default_acl WHERE defaclrole = $1 AND defaclnamespace = $2 AND defaclobjtype = $4::"char"),
		          defaults) AS acl, defaults
		          FROM (SELECT CASE WHEN $2 = 0 THEN acldefault($5::"char", $1) END AS defaults) s) d`,
		*owner, *schema, *grantee, k.objType, k.aclKind).Scan(&held.have, &held.grantable, &held.byDefault)
	// In the object type's order, as settlePrivileges compares them.
	return acl{expand(k.privileges, held.have), expand(k.privileges, held.grantable), expand(k.privileges, held.byDefault)}, err
}

// exec runs ALTER DEFAULT PRIVILEGES … GRANT or REVOKE of privileges.
func (dp *defaultPrivileges) exec(ctx context.Context, tx pgx.Tx, verb string, privileges []Privilege) error {
	sql := "ALTER DEFAULT PRIVILEGES FOR ROLE " + ident(dp.Owner)
	if dp.Schema != nil {
		sql += " IN SCHEMA " + ident(*dp.Schema)
	}
	grantee := "PUBLIC"
	if dp.Role != "public" {
		grantee = ident(dp.Role)
	}
	on := " ON " + defaultKinds[dp.ObjectType].plural
	if verb == "GRANT" {
		sql += " GRANT " + privilegeList(privileges) + on + " TO " + grantee
		if dp.WithGrantOption {
			sql += " WITH GRANT OPTION"
		}
	} else {
		sql += " REVOKE " + privilegeList(privileges) + on + " FROM " + grantee
	}
	_, err := tx.Exec(ctx, sql)
	return err
}

// expanded is the privileges, with ALL spelled out, in the order of the object type's.
func (dp *defaultPrivileges) expanded() []Privilege {
	return expand(defaultKinds[dp.ObjectType].privileges, dp.Privileges)
}

// id is the ID: object type, role, database, owner and schema.
func (dp *defaultPrivileges) id() resource.ID {
	names := []string{string(dp.ObjectType), dp.Role, dp.Database, dp.Owner}
	if dp.Schema != nil {
		names = append(names, *dp.Schema)
	}
	return joinID(names...)
}

// String says what the default privileges are, for messages.
func (dp *defaultPrivileges) String() string {
	in := "every schema"
	if dp.Schema != nil {
		in = fmt.Sprintf("schema %q", *dp.Schema)
	}
	return fmt.Sprintf("the default privileges of %q on %ss that %q creates in %s of database %q", dp.Role, dp.ObjectType, dp.Owner, in, dp.Database)
}

// missing says which of the database and schema is not there.
func (dp *defaultPrivileges) missing() string {
	if dp.Schema == nil {
		return fmt.Sprintf("database: there is no database %q (that takes connections)", dp.Database)
	}
	return fmt.Sprintf("schema: there is no database %q (that takes connections) with a schema %q", dp.Database, *dp.Schema)
}
