package postgresql

import (
	"context"
	"crypto/md5"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgerrcode"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"

	"github.com/cidlc/cidlc/provider"
)

type roleOps struct{ s *Server }

func (roleOps) Check(_ context.Context, _ resource.URN, r *role) ([]provider.CheckFailure, error) {
	failures := checkRoleName("name", r.Name)
	if r.ValidUntil != nil {
		if _, err := parseValidUntil(*r.ValidUntil); err != nil {
			failures = append(failures, provider.Failf("validUntil", "%v", err))
		}
	}
	for i, m := range deref(r.Roles) {
		at := fmt.Sprintf("roles[%d]", i)
		failures = append(failures, checkName(at, m)...)
		if m == r.Name {
			failures = append(failures, provider.Failf(at, "a role cannot be a member of itself"))
		}
	}
	if r.Password != nil && strings.ContainsRune(*r.Password, 0) {
		failures = append(failures, provider.Failf("password", "a password cannot hold a NUL character"))
	}
	return failures, nil
}

// Create creates the role, and then makes it a member of its roles. The role is committed first, as
// the objects of a cloud API are (a machine exists before its disks are attached): a membership the
// server refuses (a role that does not exist yet, one the provider's user may not grant) or that waits
// past the timeout (on a lock held on the group) leaves a role that the stack keeps, through
// provider.Partial, with none of its memberships; the next update makes them. (One transaction could
// make both or neither here; the example shows how a provider keeps what it made, which is what most
// clouds require.)
func (o roleOps) Create(ctx context.Context, _ resource.URN, r *role) (resource.ID, error) {
	id := resource.ID(r.Name)
	err := o.s.tx(ctx, fmt.Sprintf("creating role %q", r.Name), func(tx pgx.Tx) error {
		sql, args, err := roleStatement("CREATE ROLE "+ident(r.Name)+" WITH", r, true, true)
		if err != nil {
			return err
		}
		if err := simple(ctx, tx, sql, args...); err != nil {
			if code(err) == pgerrcode.DuplicateObject {
				return fmt.Errorf("role %q already exists: adopt it with `pulumi import %s <name> %s`, or choose another name", r.Name, Role, r.Name)
			}
			return failed(err, "creating role %q", r.Name)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	if len(deref(r.Roles)) == 0 {
		return id, nil
	}
	err = o.s.tx(ctx, fmt.Sprintf("making role %q a member of its roles", r.Name), func(tx pgx.Tx) error {
		return changeMemberships(ctx, tx, r.Name, nil, deref(r.Roles))
	})
	if err != nil {
		r.Roles = new([]string) // rolled back: a member of none, which the next update changes
		return id, provider.Partial(fmt.Errorf("role %q is created, but %w", r.Name, err))
	}
	return id, nil
}

func (o roleOps) Read(ctx context.Context, id resource.ID, r *role) error {
	var (
		until pgtype.Timestamptz
		limit int32
		roles []string
	)
	var verifier *string
	checkPassword := r.Password != nil && o.s.superuser
	// The state of an import (or getRole's) has no name yet: its memberships are read. Otherwise they
	// are read where the role manages them (roles is set), and left to Membership resources where not.
	readRoles := r.Roles != nil || r.Name == ""
	err := o.s.tx(ctx, fmt.Sprintf("reading role %q", id), func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `
			SELECT rolname, rolcanlogin, rolsuper, rolcreatedb, rolcreaterole, rolinherit, rolreplication, rolbypassrls,
			       rolconnlimit, rolvaliduntil,
			       ARRAY(SELECT g.rolname FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid
			              WHERE m.member = r.oid ORDER BY 1)
			  FROM pg_roles r WHERE rolname = $1`, string(id)).Scan(
			&r.Name, &r.Login, &r.Superuser, &r.CreateDatabase, &r.CreateRole, &r.Inherit, &r.Replication,
			&r.BypassRowLevelSecurity, &limit, &until, &roles)
		if err != nil || !checkPassword {
			return err
		}
		return tx.QueryRow(ctx, "SELECT rolpassword FROM pg_authid WHERE rolname = $1", string(id)).Scan(&verifier)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return provider.ErrNotFound
	} else if err != nil {
		return failed(err, "reading role %q", id)
	}
	r.ConnectionLimit = limit
	r.ValidUntil = readValidUntil(r.ValidUntil, until)
	if readRoles {
		r.Roles = sameSet(r.Roles, roles)
	}
	// A password changed or removed outside Pulumi is forgotten: the next update sets it again. (r
	// holds the program's, which the provider keeps whatever Read leaves: the password is write-only.)
	if checkPassword && (verifier == nil || !passwordMatches(*verifier, *r.Password, r.Name)) {
		provider.Forget(ctx, "password")
	}
	return nil
}

func (o roleOps) Update(ctx context.Context, _ resource.ID, olds, news *role) error {
	return o.s.tx(ctx, fmt.Sprintf("changing role %q", news.Name), func(tx pgx.Tx) error {
		sql, args, err := roleStatement("ALTER ROLE "+ident(news.Name)+" WITH", news,
			!equal(olds.Password, news.Password), !equal(olds.ValidUntil, news.ValidUntil))
		if err != nil {
			return err
		}
		if err := simple(ctx, tx, sql, args...); err != nil {
			return failed(err, "changing role %q", news.Name)
		}
		if news.Roles == nil {
			return nil // left to Membership resources
		}
		return changeMemberships(ctx, tx, news.Name, deref(olds.Roles), *news.Roles)
	})
}

// Delete drops the role after giving what it owns to the provider's user and revoking what it was
// granted, in every database where it has any (pg_shdepend says which): DROP ROLE refuses a role that
// anything depends on, and its tables and their data must stay.
func (o roleOps) Delete(ctx context.Context, id resource.ID, r *role) error {
	var databases []string
	err := o.s.tx(ctx, fmt.Sprintf("finding what role %q owns", id), func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT DISTINCT d.datname FROM pg_shdepend s JOIN pg_database d ON d.oid = s.dbid
			 WHERE s.refclassid = 'pg_authid'::regclass AND s.refobjid = (SELECT oid FROM pg_roles WHERE rolname = $1)
			 ORDER BY 1`, string(id))
		if err == nil {
			databases, err = pgx.CollectRows(rows, pgx.RowTo[string])
		}
		return err
	})
	if err != nil {
		return failed(err, "finding what role %q owns", id)
	}
	disown := func(ctx context.Context, tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "REASSIGN OWNED BY "+ident(string(id))+" TO CURRENT_USER; DROP OWNED BY "+ident(string(id)))
		return err
	}
	for _, db := range databases {
		what := fmt.Sprintf("giving what role %q owns in database %q to %q", id, db, o.s.user)
		err := o.s.inDatabase(ctx, db, what, func(tx pgx.Tx) error { return disown(ctx, tx) })
		if err != nil && !errors.Is(err, errNoDatabase) {
			return failed(err, "%s", what)
		}
	}
	if len(databases) > 0 {
		provider.Log(ctx).Infof("role %q owned objects or held privileges in %s: what it owned now belongs to %q, and its privileges are revoked",
			id, strings.Join(databases, ", "), o.s.user)
	}
	return o.s.tx(ctx, fmt.Sprintf("dropping role %q", id), func(tx pgx.Tx) error {
		// Shared objects (the databases it owns, its grants on them) go from any database.
		err := disown(ctx, tx)
		if err == nil {
			_, err = tx.Exec(ctx, "DROP ROLE "+ident(string(id)))
		}
		switch {
		case err == nil:
			return nil
		case code(err) == pgerrcode.UndefinedObject:
			return provider.ErrNotFound
		}
		return failed(err, "dropping role %q", id)
	})
}

// roleStatement completes a CREATE or ALTER ROLE statement with r's attributes, and its password and
// expiry when they are set (or change). Their values are arguments, for simple.
func roleStatement(sql string, r *role, password, validUntil bool) (string, []any, error) {
	flag := func(on bool, name string) string {
		if on {
			return " " + name
		}
		return " NO" + name
	}
	sql += flag(r.Login, "LOGIN") + flag(r.Superuser, "SUPERUSER") + flag(r.CreateDatabase, "CREATEDB") +
		flag(r.CreateRole, "CREATEROLE") + flag(r.Inherit, "INHERIT") + flag(r.Replication, "REPLICATION") +
		flag(r.BypassRowLevelSecurity, "BYPASSRLS") + fmt.Sprintf(" CONNECTION LIMIT %d", r.ConnectionLimit)
	var args []any
	if password {
		switch {
		case r.Password == nil:
			sql += " PASSWORD NULL"
		default:
			verifier, err := scramVerifier(*r.Password)
			if err != nil {
				return "", nil, err
			}
			args = append(args, verifier)
			sql += fmt.Sprintf(" PASSWORD $%d", len(args))
		}
	}
	if validUntil {
		until := "infinity" // the server's way to take an expiry back
		if r.ValidUntil != nil {
			until = *r.ValidUntil
		}
		args = append(args, until)
		sql += fmt.Sprintf(" VALID UNTIL $%d", len(args))
	}
	return sql, args, nil
}

// changeMemberships makes role a member of the roles in news that are not in olds, and no longer one
// of those in olds that are not in news.
func changeMemberships(ctx context.Context, tx pgx.Tx, role string, olds, news []string) error {
	for _, g := range olds {
		if !slices.Contains(news, g) {
			if _, err := tx.Exec(ctx, "REVOKE "+ident(g)+" FROM "+ident(role)); err != nil && code(err) != pgerrcode.UndefinedObject {
				return failed(err, "roles: taking role %q out of %q", role, g)
			}
		}
	}
	for _, g := range news {
		if !slices.Contains(olds, g) {
			if _, err := tx.Exec(ctx, "GRANT "+ident(g)+" TO "+ident(role)); err != nil {
				return failed(err, "roles: making role %q a member of %q", role, g)
			}
		}
	}
	return nil
}

// passwordMatches reports whether the hash the server keeps of role's password (pg_authid.rolpassword)
// is password's. A hash it cannot check (of a method it does not know) is taken to match.
func passwordMatches(verifier, password, role string) bool {
	if strings.HasPrefix(verifier, "md5") {
		sum := md5.Sum([]byte(password + role))
		return verifier == "md5"+hex.EncodeToString(sum[:])
	}
	matches, ok := scramMatches(verifier, password)
	return matches || !ok
}

// parseValidUntil reads a role's expiry: infinity, or an RFC 3339 time (the zero time for infinity).
func parseValidUntil(s string) (time.Time, error) {
	if s == "infinity" {
		return time.Time{}, nil
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return t, fmt.Errorf("%q is not an RFC 3339 time (2030-01-01T00:00:00Z) or infinity", s)
	}
	return t, nil
}

// readValidUntil is the expiry the server says (rolvaliduntil), written as the state had it when it
// is the same time: never expiring is no expiry or infinity alike.
func readValidUntil(state *string, server pgtype.Timestamptz) *string {
	never := !server.Valid || server.InfinityModifier == pgtype.Infinity
	if state != nil {
		if t, err := parseValidUntil(*state); err == nil && (t.IsZero() && never || !never && t.Equal(server.Time)) {
			return state
		}
	}
	switch {
	case never && state == nil, !server.Valid:
		return nil
	case never:
		return new("infinity")
	}
	return new(server.Time.UTC().Format(time.RFC3339Nano))
}
