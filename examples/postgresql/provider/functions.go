package postgresql

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"

	"github.com/cidlc/cidlc/provider"
)

// Functions are the providers of the functions, answered from s.
func (s *Server) Functions() []provider.FunctionProvider {
	return []provider.FunctionProvider{NewGetRoleProvider(getRoleOps{s}), NewListSchemasProvider(listSchemasOps{s})}
}

type getRoleOps struct{ s *Server }

// Invoke reads the role as a Role's Read does, from pg_roles: never its password. The IDL's maxLength
// counts characters; a name is checked in bytes first, as Check does a Role's, since the server keeps
// 63 bytes of one.
func (o getRoleOps) Invoke(ctx context.Context, q *getRole) error {
	if failures := checkName("name", q.Name); failures != nil {
		return &provider.CheckError{Failures: failures}
	}
	var r role
	if err := roleOps(o).Read(ctx, resource.ID(q.Name), &r); errors.Is(err, provider.ErrNotFound) {
		return &provider.CheckError{Failures: []provider.CheckFailure{provider.Failf("name", "the server has no role %q", q.Name)}}
	} else if err != nil {
		return err
	}
	q.Login, q.Superuser, q.CreateDatabase, q.CreateRole = r.Login, r.Superuser, r.CreateDatabase, r.CreateRole
	q.ConnectionLimit, q.ValidUntil, q.Roles = r.ConnectionLimit, r.ValidUntil, deref(r.Roles)
	if q.Roles == nil {
		q.Roles = []string{}
	}
	return nil
}

type listSchemasOps struct{ s *Server }

// Invoke lists the schemas in the database itself: pg_namespace is a catalog of each database.
func (o listSchemasOps) Invoke(ctx context.Context, q *listSchemas) error {
	q.Names, q.Owners = []string{}, map[string]string{}
	what := fmt.Sprintf("listing the schemas of database %q", q.Database)
	err := o.s.inDatabase(ctx, q.Database, what, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT nspname, pg_get_userbyid(nspowner) FROM pg_namespace
			 WHERE nspname NOT LIKE 'pg\_%' AND nspname <> 'information_schema' ORDER BY 1`)
		if err != nil {
			return err
		}
		var name, owner string
		_, err = pgx.ForEachRow(rows, []any{&name, &owner}, func() error {
			q.Names = append(q.Names, name)
			q.Owners[name] = owner
			return nil
		})
		return err
	})
	if errors.Is(err, errNoDatabase) {
		return &provider.CheckError{Failures: []provider.CheckFailure{provider.Failf("database", "the server has no database %q that takes connections", q.Database)}}
	} else if err != nil {
		return failed(err, "%s", what)
	}
	return nil
}
