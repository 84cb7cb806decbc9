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

type membershipOps struct{ s *Server }

// withOptions is the first version of PostgreSQL whose memberships have the INHERIT and SET options.
const withOptions = 160000

func (o membershipOps) Check(_ context.Context, _ resource.URN, m *membership) ([]provider.CheckFailure, error) {
	failures := slices.Concat(checkName("role", m.Role), checkName("member", m.Member))
	if m.Role == m.Member {
		failures = append(failures, provider.Failf("member", "a role cannot be a member of itself"))
	}
	if o.s.version >= withOptions {
		return failures, nil
	}
	// An older server would refuse the statement's syntax, or ignore what was asked.
	if m.InheritOption != nil {
		failures = append(failures, provider.Failf("inheritOption", "%s is version %s, whose memberships have no INHERIT option "+
			"(it came with PostgreSQL 16): leave inheritOption out; there, the member's own inherit says whether it has the role's privileges", o.s.addr, o.s.versionName()))
	}
	if m.SetOption != nil {
		failures = append(failures, provider.Failf("setOption", "%s is version %s, whose memberships have no SET option "+
			"(it came with PostgreSQL 16): leave setOption out; there, a member may always SET ROLE to the role", o.s.addr, o.s.versionName()))
	}
	return failures, nil
}

func (o membershipOps) Create(ctx context.Context, _ resource.URN, m *membership) (resource.ID, error) {
	err := o.s.tx(ctx, m.String(), func(tx pgx.Tx) error {
		var held membership
		if err := o.read(ctx, tx, m.Role, m.Member, &held); err == nil {
			return fmt.Errorf("%s exists already: adopt it with `pulumi import %s <name> %s`", m, Membership, m.id())
		} else if !errors.Is(err, provider.ErrNotFound) {
			return err
		}
		return o.grant(ctx, tx, m)
	})
	if err != nil {
		return "", membershipError(err, m)
	}
	return m.id(), nil
}

func (o membershipOps) Read(ctx context.Context, id resource.ID, m *membership) error {
	names, err := splitID(id, "role/member", 2, 2)
	if err != nil {
		return err
	}
	err = o.s.tx(ctx, fmt.Sprintf("reading the membership of %q in %q", names[1], names[0]), func(tx pgx.Tx) error {
		return o.read(ctx, tx, names[0], names[1], m)
	})
	if err != nil && !errors.Is(err, provider.ErrNotFound) {
		return failed(err, "reading the membership of %q in %q", names[1], names[0])
	}
	return err
}

// Update grants the membership again with its new options: PostgreSQL 16 changes a membership's
// options so; an older server takes back the admin option with a REVOKE.
func (o membershipOps) Update(ctx context.Context, _ resource.ID, olds, news *membership) error {
	err := o.s.tx(ctx, news.String(), func(tx pgx.Tx) error {
		if o.s.version < withOptions && olds.AdminOption && !news.AdminOption {
			_, err := tx.Exec(ctx, "REVOKE ADMIN OPTION FOR "+ident(news.Role)+" FROM "+ident(news.Member))
			return err
		}
		return o.grant(ctx, tx, news)
	})
	if err != nil {
		return membershipError(err, news)
	}
	return nil
}

func (o membershipOps) Delete(ctx context.Context, _ resource.ID, m *membership) error {
	err := o.s.tx(ctx, "revoking "+m.String(), func(tx pgx.Tx) error {
		if err := o.read(ctx, tx, m.Role, m.Member, new(membership)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "REVOKE "+ident(m.Role)+" FROM "+ident(m.Member))
		return err
	})
	if err != nil && !errors.Is(err, provider.ErrNotFound) {
		return failed(err, "revoking %s", m)
	}
	return err
}

// grant makes the membership as m says, or changes its options.
func (o membershipOps) grant(ctx context.Context, tx pgx.Tx, m *membership) error {
	for _, r := range []struct{ property, name string }{{"role", m.Role}, {"member", m.Member}} {
		var exists bool
		if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT FROM pg_roles WHERE rolname = $1)", r.name).Scan(&exists); err != nil {
			return err
		} else if !exists {
			return fmt.Errorf("%s: there is no role %q", r.property, r.name)
		}
	}
	var options []string
	if o.s.version >= withOptions {
		options = append(options, fmt.Sprintf("ADMIN %t", m.AdminOption))
		if m.InheritOption != nil {
			options = append(options, fmt.Sprintf("INHERIT %t", *m.InheritOption))
		}
		if m.SetOption != nil {
			options = append(options, fmt.Sprintf("SET %t", *m.SetOption))
		}
	} else if m.AdminOption {
		options = append(options, "ADMIN OPTION")
	}
	sql := "GRANT " + ident(m.Role) + " TO " + ident(m.Member)
	if len(options) > 0 {
		sql += " WITH " + strings.Join(options, ", ")
	}
	_, err := tx.Exec(ctx, sql)
	return err
}

// read sets m to the membership of member in role as the catalogs have it: one of any grantor's, or
// PostgreSQL 16's several (by different grantors) as one. The options that m leaves out stay out
// where the server's are their defaults (inherit as the member's own, set). No membership, or no such
// role, is provider.ErrNotFound.
func (o membershipOps) read(ctx context.Context, tx pgx.Tx, role, member string, m *membership) error {
	options := "false, true"
	if o.s.version >= withOptions {
		options = "bool_or(a.inherit_option), bool_or(a.set_option)"
	}
	var (
		admin, inherit, set, memberInherits *bool
	)
	err := tx.QueryRow(ctx, `SELECT bool_or(a.admin_option), `+options+`, bool_or(m.rolinherit)
		FROM pg_auth_members a JOIN pg_roles r ON r.oid = a.roleid JOIN pg_roles m ON m.oid = a.member
		WHERE r.rolname = $1 AND m.rolname = $2`, role, member).Scan(&admin, &inherit, &set, &memberInherits)
	if err != nil {
		return err
	}
	if admin == nil {
		return provider.ErrNotFound
	}
	m.Role, m.Member, m.AdminOption = role, member, *admin
	if o.s.version >= withOptions {
		m.InheritOption = readOption(m.InheritOption, *inherit, *memberInherits)
		m.SetOption = readOption(m.SetOption, *set, true)
	}
	return nil
}

// readOption is an option that the server says is server, left out where the state left it out and
// it is the default.
func readOption(state *bool, server, byDefault bool) *bool {
	if state == nil && server == byDefault {
		return nil
	}
	return &server
}

// membershipError is err as a Create or Update says it: the provider's own errors (a role that is not
// there, a membership that is) as they are, naming their property; the server's naming what was done.
func membershipError(err error, m *membership) error {
	if code(err) == "" {
		return err
	}
	return failed(err, "%s", m)
}

// id is the membership's ID: the role and the member.
func (m *membership) id() resource.ID {
	return joinID(m.Role, m.Member)
}

// String says what the membership is, for messages.
func (m *membership) String() string {
	return fmt.Sprintf("the membership of role %q in %q", m.Member, m.Role)
}
