package main

import (
	"context"
	"fmt"
	"sync"
	"testing"

	postgresql "github.com/cidlc/cidlc/examples/postgresql/provider"
	"github.com/cidlc/cidlc/internal/testsupport/pgtest"
	"github.com/cidlc/cidlc/internal/testsupport/providertest"
	"github.com/cidlc/cidlc/provider"
)

// TestParallel does what an engine running many steps at once does with one provider instance: it
// creates roles, then grants them privileges on one database, one schema and every table of it, all at
// once (which, unlocked, fails with "tuple concurrently updated"), then deletes everything at once. No
// session of the provider's outlives its Close.
func TestParallel(t *testing.T) {
	const n = 24
	srv, err := provider.NewServer(pluginInfo, postgresql.NewProvider(postgresql.Configure))
	if err != nil {
		t.Fatal(err)
	}
	d := providertest.Serve(t, srv, "postgresql-test")
	if failures, err := d.Configure(superuser(), pluginInfo.Version); err != nil || len(failures) > 0 {
		t.Fatal(failures, err)
	}
	exec(t, "postgres", "CREATE DATABASE par_db")
	exec(t, "par_db", "CREATE SCHEMA s", "CREATE TABLE s.a (id int)", "CREATE TABLE s.b (id int)")
	t.Cleanup(func() { exec(t, "postgres", "DROP DATABASE par_db") })
	before := snapshot(t)

	// all runs op(i) for i < n at once, and returns what they made.
	all := func(op func(i int) (*providertest.Live, error)) []*providertest.Live {
		lives := make([]*providertest.Live, n)
		var wg sync.WaitGroup
		errs := make(chan error, n)
		for i := range n {
			wg.Go(func() {
				l, err := op(i)
				lives[i] = l
				if err != nil {
					errs <- err
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		if t.Failed() {
			t.FailNow()
		}
		return lives
	}
	roles := all(func(i int) (*providertest.Live, error) {
		return d.Create(postgresql.Role, fmt.Sprint("r", i), map[string]any{"name": fmt.Sprint("par_", i)})
	})
	grants := all(func(i int) (*providertest.Live, error) {
		return d.Create(postgresql.Grant, fmt.Sprint("db", i),
			map[string]any{"role": fmt.Sprint("par_", i), "database": "par_db", "objectType": "database", "privileges": []any{"CONNECT"}})
	})
	grants = append(grants, all(func(i int) (*providertest.Live, error) {
		return d.Create(postgresql.Grant, fmt.Sprint("schema", i),
			map[string]any{"role": fmt.Sprint("par_", i), "database": "par_db", "schema": "s", "objectType": "schema", "privileges": []any{"USAGE"}})
	})...)
	grants = append(grants, all(func(i int) (*providertest.Live, error) {
		return d.Create(postgresql.Grant, fmt.Sprint("tables", i),
			map[string]any{"role": fmt.Sprint("par_", i), "database": "par_db", "schema": "s", "objectType": "table", "privileges": []any{"SELECT", "INSERT"}})
	})...)
	got := query[int](t, "par_db", `SELECT count(*) FROM pg_roles r WHERE rolname LIKE 'par\_%'
		AND has_database_privilege(r.oid, 'par_db', 'CONNECT') AND has_schema_privilege(r.oid, 's', 'USAGE')
		AND has_table_privilege(r.oid, 's.a', 'SELECT,INSERT') AND has_table_privilege(r.oid, 's.b', 'SELECT,INSERT')`)
	if got != n {
		t.Errorf("%d roles have every privilege granted in parallel, want %d", got, n)
	}
	sessions, err := server.Sessions(context.Background(), postgresql.ApplicationName)
	if err != nil || sessions < 1 || sessions > postgresql.MaxSessions {
		t.Errorf("the provider has %d sessions (%v), want 1 to %d", sessions, err, postgresql.MaxSessions)
	}

	all(func(i int) (*providertest.Live, error) {
		return nil, d.Delete(grants[i])
	})
	all(func(i int) (*providertest.Live, error) {
		return nil, d.Delete(grants[n+i])
	})
	all(func(i int) (*providertest.Live, error) {
		return nil, d.Delete(grants[2*n+i])
	})
	all(func(i int) (*providertest.Live, error) {
		return nil, d.Delete(roles[i])
	})
	if after := snapshot(t); after != before {
		t.Errorf("the server after deleting everything differs:\n%s", pgtest.Diff(before, after))
	}
	if err := srv.Close(); err != nil {
		t.Fatal(err)
	}
	if sessions, err := server.SessionsLeft(context.Background(), postgresql.ApplicationName); err != nil || sessions != 0 {
		t.Errorf("after Close, the provider has %d sessions (%v), want none", sessions, err)
	}
}
