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

type extensionOps struct{ s *Server }

func (extensionOps) Check(_ context.Context, _ resource.URN, e *extension) ([]provider.CheckFailure, error) {
	failures := slices.Concat(checkName("name", e.Name), checkName("database", e.Database), checkOptionalName("schema", e.Schema),
		checkOptionalName("version", e.Version))
	failures = append(failures, checkScriptName("name", e.Name)...)
	if e.Version != nil {
		failures = append(failures, checkScriptName("version", *e.Version)...)
	}
	return failures, nil
}

// checkScriptName reports what the server refuses in an extension's name or version (SQLSTATE 22023):
// both are parts of the names of the extension's script files (hstore--1.4--1.5.sql), which -- joins.
func checkScriptName(property, s string) []provider.CheckFailure {
	switch {
	case strings.Contains(s, "--"):
		return []provider.CheckFailure{provider.Failf(property, "%q holds --, which joins an extension's name and versions in its script files (hstore--1.4.sql)", s)}
	case strings.HasPrefix(s, "-") || strings.HasSuffix(s, "-"):
		return []provider.CheckFailure{provider.Failf(property, "%q begins or ends with -, which an extension's script files could not tell from their --", s)}
	case strings.ContainsAny(s, `/\`):
		return []provider.CheckFailure{provider.Failf(property, "%q holds a / or \\, which would make it a path to the server's files", s)}
	}
	return nil
}

func (o extensionOps) Create(ctx context.Context, _ resource.URN, e *extension) (resource.ID, error) {
	sql := "CREATE EXTENSION " + ident(e.Name)
	if e.Schema != nil {
		sql += " SCHEMA " + ident(*e.Schema)
	}
	if e.Version != nil {
		sql += " VERSION " + ident(*e.Version) // the grammar takes a version as a name or a string
	}
	what := fmt.Sprintf("installing extension %q in database %q", e.Name, e.Database)
	err := o.s.inDatabase(ctx, e.Database, what, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, sql); err != nil {
			return err
		}
		return readExtension(ctx, tx, e)
	})
	if err != nil {
		return "", e.explain(err, "%s", what)
	}
	return joinID(e.Database, e.Name), nil
}

func (o extensionOps) Read(ctx context.Context, id resource.ID, e *extension) error {
	names, err := splitID(id, "database/extension", 2, 2)
	if err != nil {
		return err
	}
	e.Database, e.Name = names[0], names[1]
	what := fmt.Sprintf("reading extension %q of database %q", e.Name, e.Database)
	err = o.s.inDatabase(ctx, e.Database, what, func(tx pgx.Tx) error { return readExtension(ctx, tx, e) })
	if errors.Is(err, errNoDatabase) || errors.Is(err, pgx.ErrNoRows) {
		return provider.ErrNotFound
	} else if err != nil {
		return failed(err, "%s", what)
	}
	return nil
}

// Update moves the extension to its new schema, then to its new version; without a version, to the
// newest the server has.
func (o extensionOps) Update(ctx context.Context, _ resource.ID, olds, news *extension) error {
	what := fmt.Sprintf("changing extension %q of database %q", news.Name, news.Database)
	err := o.s.inDatabase(ctx, news.Database, what, func(tx pgx.Tx) error {
		if news.Schema != nil && !equal(olds.Schema, news.Schema) {
			if _, err := tx.Exec(ctx, "ALTER EXTENSION "+ident(news.Name)+" SET SCHEMA "+ident(*news.Schema)); err != nil {
				return err
			}
		}
		if !equal(olds.Version, news.Version) {
			sql := "ALTER EXTENSION " + ident(news.Name) + " UPDATE"
			if news.Version != nil {
				sql += " TO " + ident(*news.Version)
			}
			if _, err := tx.Exec(ctx, sql); err != nil {
				return err
			}
		}
		return readExtension(ctx, tx, news)
	})
	if err != nil {
		return news.explain(err, "%s", what)
	}
	return nil
}

func (o extensionOps) Delete(ctx context.Context, _ resource.ID, e *extension) error {
	what := fmt.Sprintf("dropping extension %q of database %q", e.Name, e.Database)
	err := o.s.inDatabase(ctx, e.Database, what, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "DROP EXTENSION "+ident(e.Name))
		return err
	})
	switch {
	case err == nil:
		return nil
	case errors.Is(err, errNoDatabase), code(err) == pgerrcode.UndefinedObject:
		return provider.ErrNotFound
	}
	return failed(err, "%s", what)
}

// readExtension reads the schema and version of e.
func readExtension(ctx context.Context, tx pgx.Tx, e *extension) error {
	var schema, version string
	err := tx.QueryRow(ctx, `SELECT n.nspname, x.extversion FROM pg_extension x JOIN pg_namespace n ON n.oid = x.extnamespace
		WHERE x.extname = $1`, e.Name).Scan(&schema, &version)
	e.Schema, e.Version = &schema, &version
	return err
}

// explain is the error of a refused CREATE or ALTER EXTENSION, naming the property it is about. The
// server says "invalid parameter value" (22023) of a name and of a version alike: it is the version's
// only when there is one, and the server's message does not name the extension's name.
func (e *extension) explain(err error, format string, args ...any) error {
	invalid := "version: the server has no such version of the extension, or no way to it"
	if e.Version == nil || strings.Contains(serverError(err), "invalid extension name") {
		invalid = "name: the server refuses the extension's name"
	}
	property := map[string]string{
		pgerrcode.FeatureNotSupported:   "name: the server's machine has no such extension",
		pgerrcode.InvalidParameterValue: invalid,
		pgerrcode.InvalidSchemaName:     "schema: the database has no such schema",
		pgerrcode.DuplicateObject:       "name: the extension is installed already; adopt it with `pulumi import " + string(Extension) + " <name> " + string(joinID(e.Database, e.Name)) + "`",
	}[code(err)]
	switch {
	case errors.Is(err, errNoDatabase):
		return fmt.Errorf("database: there is no database %q (that takes connections)", e.Database)
	case property != "":
		return fmt.Errorf("%s: %s (%s)", property, fmt.Sprintf(format, args...), serverError(err))
	}
	return failed(err, format, args...)
}
