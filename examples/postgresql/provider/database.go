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

type databaseOps struct{ s *Server }

func (databaseOps) Check(_ context.Context, _ resource.URN, d *database) ([]provider.CheckFailure, error) {
	return slices.Concat(checkName("name", d.Name), checkName("template", d.Template), checkName("encoding", d.Encoding),
		checkOptionalName("lcCollate", d.LCCollate), checkOptionalName("lcCtype", d.LCCtype)), nil
}

// Create makes the database. CREATE DATABASE cannot run in a transaction, and it takes no
// parameters: the encoding and locales are arguments of simple.
func (o databaseOps) Create(ctx context.Context, _ resource.URN, d *database) (resource.ID, error) {
	sql := "CREATE DATABASE " + ident(d.Name)
	if d.Owner != nil {
		sql += " OWNER " + ident(string(d.Owner.ID))
	}
	sql += " TEMPLATE " + ident(d.Template) + " ENCODING $1"
	args := []any{d.Encoding}
	for _, locale := range []struct {
		keyword string
		value   *string
	}{{"LC_COLLATE", d.LCCollate}, {"LC_CTYPE", d.LCCtype}} {
		if locale.value != nil {
			args = append(args, *locale.value)
			sql += fmt.Sprintf(" %s $%d", locale.keyword, len(args))
		}
	}
	sql += databaseOptions(d)
	if err := o.s.exec(ctx, fmt.Sprintf("creating database %q", d.Name), sql, args...); err != nil {
		if code(err) == pgerrcode.DuplicateDatabase {
			return "", fmt.Errorf("database %q already exists: adopt it with `pulumi import %s <name> %s`, or choose another name", d.Name, Database, d.Name)
		}
		return "", failed(err, "creating database %q%s", d.Name, databaseProperty(err))
	}
	// The locales the database took from its template are outputs.
	return resource.ID(d.Name), o.Read(ctx, resource.ID(d.Name), d)
}

func (o databaseOps) Read(ctx context.Context, id resource.ID, d *database) error {
	var (
		owner, collate, ctype, encoding string
		limit                           int32
		sameEncoding                    bool
	)
	err := o.s.tx(ctx, fmt.Sprintf("reading database %q", id), func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `
			SELECT pg_get_userbyid(datdba), pg_encoding_to_char(encoding), datcollate, datctype, datconnlimit,
			       datallowconn, datistemplate, encoding = pg_char_to_encoding($2)
			  FROM pg_database WHERE datname = $1`, string(id), d.Encoding).Scan(
			&owner, &encoding, &collate, &ctype, &limit, &d.AllowConnections, &d.IsTemplate, &sameEncoding)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return provider.ErrNotFound
	} else if err != nil {
		return failed(err, "reading database %q", id)
	}
	d.Name = string(id)
	if roleName(d.Owner) != owner {
		d.Owner = &provider.Ref{ID: resource.ID(owner)}
	}
	if !sameEncoding { // UTF8 and utf8 are one encoding
		d.Encoding = encoding
	}
	if d.LCCollate == nil || *d.LCCollate != collate {
		d.LCCollate = &collate
	}
	if d.LCCtype == nil || *d.LCCtype != ctype {
		d.LCCtype = &ctype
	}
	d.ConnectionLimit = limit
	// The server does not record a database's template: it stays as the state says.
	return nil
}

func (o databaseOps) Update(ctx context.Context, id resource.ID, olds, news *database) error {
	return o.s.tx(ctx, fmt.Sprintf("changing database %q", id), func(tx pgx.Tx) error {
		if err := lock(ctx, tx, "database:"+string(id)); err != nil {
			return err
		}
		if roleName(olds.Owner) != roleName(news.Owner) {
			owner := "CURRENT_USER"
			if news.Owner != nil {
				owner = ident(string(news.Owner.ID))
			}
			if _, err := tx.Exec(ctx, "ALTER DATABASE "+ident(string(id))+" OWNER TO "+owner); err != nil {
				return failed(err, "owner: changing the owner of database %q", id)
			}
		}
		if _, err := tx.Exec(ctx, "ALTER DATABASE "+ident(string(id))+databaseOptions(news)); err != nil {
			return failed(err, "changing database %q", id)
		}
		return nil
	})
}

// Delete drops the database and everything in it, ending the sessions connected to it: a template
// database is made an ordinary one first, as the server drops no template.
func (o databaseOps) Delete(ctx context.Context, id resource.ID, _ *database) error {
	for _, sql := range []string{"ALTER DATABASE %s IS_TEMPLATE false", "DROP DATABASE %s WITH (FORCE)"} {
		err := o.s.exec(ctx, fmt.Sprintf("dropping database %q", id), fmt.Sprintf(sql, ident(string(id))))
		if code(err) == pgerrcode.InvalidCatalogName {
			return provider.ErrNotFound
		} else if err != nil {
			return failed(err, "dropping database %q", id)
		}
	}
	return nil
}

// databaseOptions are the settings of d that CREATE and ALTER DATABASE share.
func databaseOptions(d *database) string {
	return fmt.Sprintf(" CONNECTION LIMIT %d ALLOW_CONNECTIONS %t IS_TEMPLATE %t", d.ConnectionLimit, d.AllowConnections, d.IsTemplate)
}

// databaseProperty names the property that a refused CREATE DATABASE is about, for its message.
func databaseProperty(err error) string {
	msg := serverError(err)
	for _, p := range []struct{ word, property string }{
		{"template", "template"}, {"encoding", "encoding"}, {"collat", "lcCollate"}, {"LC_COLLATE", "lcCollate"},
		{"LC_CTYPE", "lcCtype"}, {"locale", "lcCollate or lcCtype"}, {"role", "owner"},
	} {
		if strings.Contains(msg, p.word) {
			return " (" + p.property + ")"
		}
	}
	return ""
}
