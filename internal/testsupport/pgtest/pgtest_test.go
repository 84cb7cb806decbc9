package pgtest

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// TestServer starts a private server and uses it the way the provider's tests do: a snapshot before and
// after a change undone, sessions counted by application name, a restart, and a wrong password refused.
func TestServer(t *testing.T) {
	ctx := context.Background()
	s, err := Start(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Stop)
	if s.Port == 5432 || s.Version < 13 {
		t.Errorf("port %d, version %d: want a private port and PostgreSQL 13 or newer", s.Port, s.Version)
	}

	before, err := s.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var pgErr *pgconn.PgError
	conn, err := pgx.Connect(ctx, s.DSN("postgres")+" application_name=pgtest-probe")
	if err != nil {
		t.Fatal(err)
	}
	if n, err := s.Sessions(ctx, "pgtest-probe"); err != nil || n != 1 {
		t.Errorf("Sessions = %d, %v; want the one open session", n, err)
	}
	for _, stmt := range []string{`CREATE ROLE "pgtest role" LOGIN CONNECTION LIMIT 3`, `CREATE DATABASE pgtest_db OWNER "pgtest role"`} {
		if _, err := conn.Exec(ctx, stmt); err != nil {
			t.Fatal(err)
		}
	}
	during, err := s.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// A grant revoked leaves the database's access control list explicit, with the same privileges: the
	// snapshot shows privileges, not how they are written.
	for _, stmt := range []string{`GRANT CONNECT ON DATABASE postgres TO "pgtest role"`, `REVOKE CONNECT ON DATABASE postgres FROM "pgtest role"`,
		`DROP DATABASE pgtest_db`, `DROP ROLE "pgtest role"`} {
		if _, err := conn.Exec(ctx, stmt); err != nil {
			t.Fatal(err)
		}
	}
	conn.Close(ctx)
	after, err := s.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if during == before {
		t.Error("the snapshot does not show a new role and database")
	}
	if after != before {
		t.Errorf("the snapshot after dropping what was created differs:\nbefore:\n%s\nafter:\n%s", before, after)
	}
	if n, err := s.SessionsLeft(ctx, "pgtest-probe"); err != nil || n != 0 {
		t.Errorf("Sessions after Close = %d, %v; want 0", n, err)
	}

	// A restart ends the sessions, as a DBA's does (57P01), and keeps the data and the port.
	conn, err = pgx.Connect(ctx, s.DSN("postgres"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if err := s.Restart(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, "SELECT 1"); !errors.As(err, &pgErr) || pgErr.Code != "57P01" {
		t.Errorf("a session of before the restart: %v; want admin_shutdown (57P01)", err)
	}
	if again, err := s.Snapshot(ctx); err != nil || again != before {
		t.Errorf("after the restart, the snapshot differs (%v):\nbefore:\n%s\nafter:\n%s", err, before, again)
	}

	wrong := *s
	wrong.Password = "not-the-password"
	_, err = pgx.Connect(ctx, wrong.DSN("postgres"))
	if !errors.As(err, &pgErr) || pgErr.Code != "28P01" {
		t.Errorf("connecting with a wrong password: %v; want invalid_password (28P01)", err)
	}
}
