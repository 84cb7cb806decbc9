package main

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	postgresql "github.com/cidlc/cidlc/examples/postgresql/provider"
	"github.com/cidlc/cidlc/internal/testsupport/pgtest"
)

// TestRestart restarts the server between two operations of one provider instance, as a DBA's
// pg_ctl restart does: the sessions of the provider's pool end (SQLSTATE 57P01), and each next
// operation, which finds out by using one, is tried again, since nothing of it was done: a role
// (statements in a transaction), a database (a statement outside one), a read. Then the server
// stays down: an operation fails, naming itself and the server, and saying that nothing was changed.
// The test has a server of its own, which it restarts and stops.
func TestRestart(t *testing.T) {
	ctx := context.Background()
	own, err := pgtest.Start(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(own.Stop)
	d := serve(t)
	config := map[string]any{"host": own.Host, "port": strconv.Itoa(own.Port), "username": own.User, "password": own.Password, "sslmode": "disable"}
	if failures, err := d.Configure(config, pluginInfo.Version); err != nil || len(failures) > 0 {
		t.Fatal(failures, err)
	}
	restart := func() {
		t.Helper()
		if err := own.Restart(ctx); err != nil {
			t.Fatal(err)
		}
	}

	before := d.MustCreate(postgresql.Role, "before", map[string]any{"name": "rs_before"})
	restart()
	if _, err := d.Create(postgresql.Role, "after", map[string]any{"name": "rs_after"}); err != nil {
		t.Errorf("creating a role after a restart: %v", err)
	}
	restart()
	if _, err := d.Create(postgresql.Database, "db", map[string]any{"name": "rs_db"}); err != nil {
		t.Errorf("creating a database after a restart: %v", err)
	}
	restart()
	if !d.Refresh(before) {
		t.Error("reading a role after a restart finds nothing")
	}
	if got := ownQuery(t, own, `SELECT (SELECT string_agg(rolname, ',' ORDER BY rolname) FROM pg_roles WHERE rolname LIKE 'rs\_%')||' '||
		(SELECT count(*) FROM pg_database WHERE datname = 'rs_db')`); got != "rs_after,rs_before 1" {
		t.Errorf("after the restarts, the server has roles and databases %q, want rs_after,rs_before 1", got)
	}
	if log := own.Log(); strings.Count(log, "terminating connection due to administrator command") < 3 {
		t.Errorf("the server's log does not show the provider's sessions ended by the restarts:\n%s", log)
	}

	own.Stop()
	_, err = d.Create(postgresql.Role, "down", map[string]any{"name": "rs_down"})
	for _, want := range []string{`creating role "rs_down": `, "PostgreSQL at 127.0.0.1:" + strconv.Itoa(own.Port), "nothing was changed"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("creating a role with the server down: %v; want an error saying %q", err, want)
		}
	}
}

// ownQuery runs a query as the superuser of server srv and returns its single text value.
func ownQuery(t *testing.T, srv *pgtest.Server, sql string) string {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), srv.DSN("postgres"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var v string
	if err := conn.QueryRow(context.Background(), sql).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}
