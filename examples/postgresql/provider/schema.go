package postgresql

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgerrcode"
	"github.com/jackc/pgx/v5"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"

	"github.com/cidlc/cidlc/provider"
)

type schemaOps struct{ s *Server }

func (schemaOps) Check(_ context.Context, _ resource.URN, sc *schema) ([]provider.CheckFailure, error) {
	failures := slices.Concat(checkName("name", sc.Name), checkName("database", sc.Database))
	if strings.HasPrefix(sc.Name, "pg_") {
		failures = append(failures, provider.Failf("name", "%q starts with pg_, which PostgreSQL keeps for its own schemas", sc.Name))
	}
	return failures, nil
}

func (o schemaOps) Create(ctx context.Context, _ resource.URN, sc *schema) (resource.ID, error) {
	sql := "CREATE SCHEMA " + ident(sc.Name)
	if sc.Owner != nil {
		sql += " AUTHORIZATION " + ident(roleName(sc.Owner))
	}
	what := fmt.Sprintf("creating schema %q in database %q", sc.Name, sc.Database)
	err := o.s.inDatabase(ctx, sc.Database, what, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, sql)
		return err
	})
	switch {
	case err == nil:
		return joinID(sc.Database, sc.Name), nil
	case errors.Is(err, errNoDatabase):
		return "", fmt.Errorf("database: there is no database %q (that takes connections) to create schema %q in", sc.Database, sc.Name)
	case code(err) == pgerrcode.DuplicateSchema:
		return "", fmt.Errorf("schema %q already exists in database %q: adopt it with `pulumi import %s <name> %s`, or choose another name",
			sc.Name, sc.Database, Schema, joinID(sc.Database, sc.Name))
	case code(err) == pgerrcode.UndefinedObject:
		return "", failed(err, "owner: %s", what)
	}
	return "", failed(err, "%s", what)
}

func (o schemaOps) Read(ctx context.Context, id resource.ID, sc *schema) error {
	names, err := splitID(id, "database/schema", 2, 2)
	if err != nil {
		return err
	}
	var owner string
	what := fmt.Sprintf("reading schema %q of database %q", names[1], names[0])
	err = o.s.inDatabase(ctx, names[0], what, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, "SELECT pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname = $1", names[1]).Scan(&owner)
	})
	if errors.Is(err, errNoDatabase) || errors.Is(err, pgx.ErrNoRows) {
		return provider.ErrNotFound
	} else if err != nil {
		return failed(err, "%s", what)
	}
	sc.Database, sc.Name = names[0], names[1]
	if roleName(sc.Owner) != owner {
		sc.Owner = &provider.Ref{ID: resource.ID(owner)}
	}
	return nil
}

func (o schemaOps) Update(ctx context.Context, id resource.ID, olds, news *schema) error {
	if roleName(olds.Owner) == roleName(news.Owner) {
		return nil // dropCascade is the provider's alone
	}
	owner := "CURRENT_USER"
	if news.Owner != nil {
		owner = ident(roleName(news.Owner))
	}
	what := fmt.Sprintf("changing the owner of schema %q in database %q", news.Name, news.Database)
	err := o.s.inDatabase(ctx, news.Database, what, func(tx pgx.Tx) error {
		if err := lock(ctx, tx, "schema:"+string(id)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "ALTER SCHEMA "+ident(news.Name)+" OWNER TO "+owner)
		return err
	})
	if err != nil {
		return failed(err, "owner: %s", what)
	}
	return nil
}

func (o schemaOps) Delete(ctx context.Context, _ resource.ID, sc *schema) error {
	behavior := " RESTRICT"
	if sc.DropCascade {
		behavior = " CASCADE"
	}
	what := fmt.Sprintf("dropping schema %q of database %q", sc.Name, sc.Database)
	err := o.s.inDatabase(ctx, sc.Database, what, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "DROP SCHEMA "+ident(sc.Name)+behavior)
		return err
	})
	switch {
	case err == nil:
		return nil
	case errors.Is(err, errNoDatabase), code(err) == pgerrcode.InvalidSchemaName:
		return provider.ErrNotFound
	case code(err) == pgerrcode.DependentObjectsStillExist:
		return fmt.Errorf("schema %q of database %q is not empty, and deleting it would delete what it holds: "+
			"drop or move its objects first, or set dropCascade to delete them with it (%s)", sc.Name, sc.Database, serverError(err))
	}
	return failed(err, "%s", what)
}
