package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/jackc/pgx/v5"

	postgresql "github.com/cidlc/cidlc/examples/postgresql/provider"
	"github.com/cidlc/cidlc/internal/testsupport/pgtest"
	"github.com/cidlc/cidlc/internal/testsupport/providertest"
	"github.com/cidlc/cidlc/provider"
)

// The tests drive the provider over gRPC, as the engine does, against a private PostgreSQL server that
// TestMain starts for the whole package (package pgtest: it installs Debian's postgresql where it can,
// and fails otherwise). Each test makes objects of its own names, so that they share the server.

var server *pgtest.Server

func TestMain(m *testing.M) {
	var err error
	server, err = pgtest.Start(context.Background())
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	server.Stop()
	os.Exit(code)
}

// superuser is the provider configuration of the server's superuser, as a stack would set it.
func superuser() map[string]any {
	return map[string]any{
		"host": server.Host, "port": strconv.Itoa(server.Port), "username": server.User, "password": server.Password,
		"sslmode": "disable",
	}
}

// serve serves a provider instance over gRPC, not configured yet.
func serve(t *testing.T) *providertest.Driver {
	t.Helper()
	srv, err := provider.NewServer(pluginInfo, postgresql.NewProvider(postgresql.Configure))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	return providertest.Serve(t, srv, "postgresql-test")
}

// start serves a provider instance configured as the superuser.
func start(t *testing.T) *providertest.Driver {
	t.Helper()
	d := serve(t)
	if failures, err := d.Configure(superuser(), pluginInfo.Version); err != nil || len(failures) > 0 {
		t.Fatalf("configuring the provider: %v %v", failures, err)
	}
	return d
}

// query runs a query as the superuser in database db and returns its single value.
func query[T any](t *testing.T, db, sql string, args ...any) T {
	t.Helper()
	var v T
	conn := connect(t, db)
	defer conn.Close(context.Background())
	if err := conn.QueryRow(context.Background(), sql, args...).Scan(&v); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return v
}

// exec runs statements as the superuser in database db, as a DBA would with psql.
func exec(t *testing.T, db string, statements ...string) {
	t.Helper()
	conn := connect(t, db)
	defer conn.Close(context.Background())
	for _, s := range statements {
		if _, err := conn.Exec(context.Background(), s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

func connect(t *testing.T, db string) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), server.DSN(db))
	if err != nil {
		t.Fatal(err)
	}
	return conn
}

// snapshot is pgtest's snapshot of the server.
func snapshot(t *testing.T) string {
	t.Helper()
	s, err := server.Snapshot(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return s
}
