package main

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"

	postgresql "github.com/cidlc/cidlc/examples/postgresql/provider"
	"github.com/cidlc/cidlc/internal/testsupport/pgtest"
)

// TestRoleSettings gives a role settings for every database and for one, read back from
// pg_db_role_setting and felt by a session of the role's; changes and resets one in place, finds a
// DBA's change at a refresh, adopts settings by their ID, and resets them all, after which the server
// is as it was.
func TestRoleSettings(t *testing.T) {
	d := start(t)
	exec(t, "postgres", "CREATE ROLE rs_app LOGIN PASSWORD 'rs-pw'", "CREATE DATABASE rs_db")
	t.Cleanup(func() { exec(t, "postgres", "DROP DATABASE rs_db", "DROP ROLE rs_app") })
	before := snapshot(t)

	// search_path as SHOW prints it, a duration, and a custom setting of an application's.
	everywhereInputs := map[string]any{"role": "rs_app", "settings": map[string]any{
		"search_path": `"$user", public, "Mixed Case"`, "statement_timeout": "30s", "idle_in_transaction_session_timeout": "1min",
		"myapp.tenant": "it's acme"}}
	everywhere := d.MustCreate(postgresql.RoleSettings, "everywhere", everywhereInputs)
	inDBInputs := map[string]any{"role": "rs_app", "database": "rs_db", "settings": map[string]any{"statement_timeout": "5s", "DateStyle": "ISO, DMY"}}
	inDB := d.MustCreate(postgresql.RoleSettings, "in-db", inDBInputs)
	if everywhere.ID != "rs_app" || inDB.ID != "rs_app/rs_db" {
		t.Errorf("the IDs are %q and %q, want rs_app and rs_app/rs_db", everywhere.ID, inDB.ID)
	}
	if got := settingsOf(t, "postgres"); got != `idle_in_transaction_session_timeout=1min,myapp.tenant=it's acme,search_path="$user", public, "Mixed Case",statement_timeout=30s` {
		t.Errorf("rs_app's settings are %q", got)
	}
	// What a session of the role's has: the database's settings over the role's.
	if got := asRole(t, "rs_app", "rs-pw", "rs_db", "SELECT current_setting('search_path')||'|'||current_setting('statement_timeout')||'|'||current_setting('DateStyle')||'|'||current_setting('myapp.tenant')"); got != `"$user", public, "Mixed Case"|5s|ISO, DMY|it's acme` {
		t.Errorf("a session of rs_app in rs_db has %q", got)
	}
	steady(t, d, everywhere, everywhereInputs)
	steady(t, d, inDB, inDBInputs)

	// An update sets one, resets another, and leaves the third, whose list is spelled otherwise.
	everywhereInputs["settings"] = map[string]any{"search_path": `"$user",public,"Mixed Case"`, "statement_timeout": "1min", "myapp.tenant": "it's acme"}
	if err := d.Update(everywhere, everywhereInputs); err != nil {
		t.Fatal(err)
	}
	if got := settingsOf(t, "postgres"); got != `myapp.tenant=it's acme,search_path="$user", public, "Mixed Case",statement_timeout=1min` {
		t.Errorf("after the update, rs_app's settings are %q", got)
	}
	steady(t, d, everywhere, everywhereInputs)

	// A DBA's change and addition are found by a refresh; the next update undoes them.
	exec(t, "postgres", "ALTER ROLE rs_app SET statement_timeout = '2min'", "ALTER ROLE rs_app SET work_mem = '64MB'")
	d.Refresh(everywhere)
	got := d.Outputs(everywhere)["settings"].ObjectValue()
	if !got["statement_timeout"].DeepEquals(resource.NewProperty("2min")) || !got["work_mem"].DeepEquals(resource.NewProperty("64MB")) {
		t.Errorf("after a DBA's changes, a refresh reads %v", got)
	}
	if diff := d.Diff(everywhere, everywhereInputs); !slices.Equal(diff.GetDiffs(), []string{"settings"}) {
		t.Errorf("Diff after the DBA's changes = %v, want the settings changed back", diff)
	}
	if err := d.Update(everywhere, everywhereInputs); err != nil {
		t.Fatal(err)
	}
	if got := settingsOf(t, "postgres"); got != `myapp.tenant=it's acme,search_path="$user", public, "Mixed Case",statement_timeout=1min` {
		t.Errorf("after undoing the DBA's changes, rs_app's settings are %q", got)
	}

	adopted, err := d.Import(postgresql.RoleSettings, "adopted", "rs_app/rs_db")
	if want := resource.NewPropertyMapFromMap(inDBInputs); err != nil || adopted == nil || !d.Outputs(adopted).DeepEquals(want) {
		t.Errorf("importing rs_app/rs_db: %v %v; want %v", adopted, err, want)
	}
	if _, err := d.Create(postgresql.RoleSettings, "again", inDBInputs); err == nil ||
		!strings.Contains(err.Error(), `role "rs_app" has settings in database "rs_db" already (DateStyle, statement_timeout): adopt them with `+"`pulumi import postgresql:roleSettings:RoleSettings <name> rs_app/rs_db`") {
		t.Errorf("creating settings that are there: %v", err)
	}
	for _, c := range []struct {
		settings map[string]any
		want     string
	}{
		{map[string]any{"shared_buffers": "1GB"}, "settings.shared_buffers: it is the whole server's, set in postgresql.conf or at its start, not a role's"},
		{map[string]any{"statement_timeout": "soon"}, `settings.statement_timeout: setting statement_timeout: invalid value for parameter "statement_timeout": "soon"`},
	} {
		_, err := d.Create(postgresql.RoleSettings, "bad", map[string]any{"role": "rs_app", "database": "postgres", "settings": c.settings})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("settings %v: %v; want an error saying %q", c.settings, err, c.want)
		}
	}
	for _, c := range []struct {
		inputs map[string]any
		want   string
	}{
		{map[string]any{"role": "rs_nobody", "settings": map[string]any{}}, `role: there is no role "rs_nobody"`},
		{map[string]any{"role": "rs_app", "database": "rs_nodb", "settings": map[string]any{}}, `database: there is no database "rs_nodb"`},
	} {
		if _, err := d.Create(postgresql.RoleSettings, "missing", c.inputs); err == nil || err.Error() != "rpc error: code = Unknown desc = "+c.want {
			t.Errorf("settings %v: %v; want an error saying %q", c.inputs, err, c.want)
		}
	}

	if err := d.Delete(everywhere); err != nil {
		t.Fatal(err)
	}
	if err := d.Delete(inDB); err != nil {
		t.Fatal(err)
	}
	if after := snapshot(t); after != before {
		t.Errorf("the server after deleting the settings differs:\n%s", pgtest.Diff(before, after))
	}
}

// settingsOf is rs_app's settings in database db (postgres: every database's), sorted, joined by commas.
func settingsOf(t *testing.T, db string) string {
	t.Helper()
	return query[string](t, "postgres", `SELECT COALESCE(string_agg(c, ',' ORDER BY c), '') FROM pg_db_role_setting s, unnest(s.setconfig) c
		WHERE setrole = 'rs_app'::regrole AND setdatabase = CASE WHEN $1 = 'postgres' THEN 0 ELSE (SELECT oid FROM pg_database WHERE datname = $1) END`, db)
}

// asRole runs a query as role in database db, and returns its single text value.
func asRole(t *testing.T, role, password, db, sql string) string {
	t.Helper()
	cfg, err := pgx.ParseConfig(server.DSN(db))
	if err != nil {
		t.Fatal(err)
	}
	cfg.User, cfg.Password = role, password
	conn, err := pgx.ConnectConfig(context.Background(), cfg)
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
