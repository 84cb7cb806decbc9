package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"

	postgresql "github.com/cidlc/cidlc/examples/postgresql/provider"
	"github.com/cidlc/cidlc/internal/testsupport/pgtest"
	"github.com/cidlc/cidlc/internal/testsupport/providertest"
)

// TestDefaultPrivileges gives a reader default privileges on what an owner creates: on tables of one
// schema, on sequences of every schema, and takes public's EXECUTE on new functions away. Tables,
// sequences and functions the owner creates afterwards have them; the privileges are read back from
// pg_default_acl, changed in place, revoked by a DBA and found by a refresh, adopted by their ID, and
// revoked, after which the server is as it was.
func TestDefaultPrivileges(t *testing.T) {
	d := start(t)
	exec(t, "postgres", "CREATE ROLE dp_owner", "CREATE ROLE dp_reader", "CREATE DATABASE dp_db")
	exec(t, "dp_db", "CREATE SCHEMA app AUTHORIZATION dp_owner")
	t.Cleanup(func() { exec(t, "postgres", "DROP DATABASE dp_db", "DROP ROLE dp_reader", "DROP ROLE dp_owner") })
	before := snapshot(t)

	tablesInputs := map[string]any{"role": "dp_reader", "database": "dp_db", "owner": "dp_owner", "schema": "app", "objectType": "table",
		"privileges": []any{"SELECT"}}
	tables := d.MustCreate(postgresql.DefaultPrivileges, "tables", tablesInputs)
	if tables.ID != "table/dp_reader/dp_db/dp_owner/app" {
		t.Errorf("the ID is %q, want table/dp_reader/dp_db/dp_owner/app", tables.ID)
	}
	sequencesInputs := map[string]any{"role": "dp_reader", "database": "dp_db", "owner": "dp_owner", "objectType": "sequence",
		"privileges": []any{"ALL"}, "withGrantOption": true}
	sequences := d.MustCreate(postgresql.DefaultPrivileges, "sequences", sequencesInputs)
	functionsInputs := map[string]any{"role": "public", "database": "dp_db", "owner": "dp_owner", "objectType": "function", "privileges": []any{}}
	functions := d.MustCreate(postgresql.DefaultPrivileges, "functions", functionsInputs)

	// What the owner creates now has them.
	exec(t, "dp_db", "SET ROLE dp_owner", "CREATE TABLE app.orders (id serial)", "CREATE FUNCTION app.f() RETURNS int LANGUAGE sql AS 'SELECT 1'")
	if got := query[string](t, "dp_db", `SELECT has_table_privilege('dp_reader', 'app.orders', 'SELECT')||' '||has_table_privilege('dp_reader', 'app.orders', 'INSERT')||' '||
		has_sequence_privilege('dp_reader', 'app.orders_id_seq', 'USAGE WITH GRANT OPTION')||' '||has_function_privilege('dp_reader', 'app.f()', 'EXECUTE')`); got != "true false true false" {
		t.Errorf("the reader's privileges on the owner's new table (select, insert), sequence (usage, with grant option) and function (execute) are %s", got)
	}
	exec(t, "dp_db", "DROP TABLE app.orders", "DROP FUNCTION app.f()")
	for _, c := range []struct {
		live   *providertest.Live
		inputs map[string]any
	}{{tables, tablesInputs}, {sequences, sequencesInputs}, {functions, functionsInputs}} {
		steady(t, d, c.live, c.inputs)
	}

	tablesInputs["privileges"] = []any{"SELECT", "INSERT"}
	if err := d.Update(tables, tablesInputs); err != nil {
		t.Fatal(err)
	}
	defaults := func() string {
		return query[string](t, "dp_db", `SELECT string_agg(pg_get_userbyid(defaclrole)||' '||CASE defaclnamespace WHEN 0 THEN '*' ELSE defaclnamespace::regnamespace::text END||' '||defaclobjtype::text||' '||defaclacl::text, ', ' ORDER BY defaclobjtype::text)
			FROM pg_default_acl`)
	}
	if got := defaults(); got != "dp_owner * S {dp_owner=rwU/dp_owner,dp_reader=r*w*U*/dp_owner}, dp_owner * f {dp_owner=X/dp_owner}, dp_owner app r {dp_reader=ar/dp_owner}" {
		t.Errorf("after the update, the default privileges are %q", got)
	}
	if diff := d.Diff(tables, providertest.With(tablesInputs, map[string]any{"schema": "public"})); !slices.Equal(diff.GetReplaces(), []string{"schema"}) {
		t.Errorf("Diff of another schema = %v, want a replacement", diff)
	}

	exec(t, "dp_db", "ALTER DEFAULT PRIVILEGES FOR ROLE dp_owner IN SCHEMA app REVOKE INSERT ON TABLES FROM dp_reader")
	d.Refresh(tables)
	if got := d.Outputs(tables)["privileges"]; !got.DeepEquals(resource.NewProperty([]resource.PropertyValue{resource.NewProperty("SELECT")})) {
		t.Errorf("after a DBA revoked INSERT, a refresh reads privileges %v", got)
	}
	if err := d.Update(tables, tablesInputs); err != nil {
		t.Fatal(err)
	}

	adopted, err := d.Import(postgresql.DefaultPrivileges, "adopted", "sequence/dp_reader/dp_db/dp_owner")
	want := resource.NewPropertyMapFromMap(providertest.With(sequencesInputs, map[string]any{"privileges": []any{"USAGE", "SELECT", "UPDATE"}}))
	if err != nil || adopted == nil || !d.Outputs(adopted).DeepEquals(want) {
		t.Errorf("importing sequence/dp_reader/dp_db/dp_owner: %v %v; want %v", adopted, err, want)
	}
	for _, id := range []string{"type/dp_reader/dp_db/dp_owner", "table/dp_reader/dp_db/dp_nobody", "table/dp_reader/dp_db/dp_owner/nowhere"} {
		if l, err := d.Import(postgresql.DefaultPrivileges, "x", id); l != nil || err != nil {
			t.Errorf("importing %s, which is not there: %v %v; want nothing", id, l, err)
		}
	}
	for _, c := range []struct {
		inputs map[string]any
		want   string
	}{
		{providertest.With(tablesInputs, map[string]any{"owner": "dp_nobody"}), `owner: there is no role "dp_nobody"`},
		{providertest.With(tablesInputs, map[string]any{"schema": "nowhere"}), `schema: there is no database "dp_db" (that takes connections) with a schema "nowhere"`},
	} {
		if _, err := d.Create(postgresql.DefaultPrivileges, "bad", c.inputs); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("default privileges %v: %v; want an error saying %q", c.inputs, err, c.want)
		}
	}
	_, failures := d.Check(d.URN(postgresql.DefaultPrivileges, "x"), map[string]any{"role": "public", "database": "dp_db", "owner": "dp_owner",
		"schema": "app", "objectType": "schema", "privileges": []any{"USAGE", "EXECUTE"}, "withGrantOption": true})
	slices.Sort(failures)
	if wantFailures := []string{"privileges[1]: EXECUTE is not a privilege on a schema; those are USAGE, CREATE, or ALL",
		"schema: default privileges on schemas are the whole database's: leave schema out",
		"withGrantOption: public cannot have the grant option: only a role can"}; !slices.Equal(failures, wantFailures) {
		t.Errorf("Check of bad default privileges:\n got %q\nwant %q", failures, wantFailures)
	}

	for _, l := range []*providertest.Live{tables, sequences} {
		if err := d.Delete(l); err != nil {
			t.Fatal(err)
		}
		if d.Refresh(l) {
			t.Errorf("%s: Read after Delete still finds it", l.URN.Name())
		}
	}
	// Deleting public's (none) gives it back what the server gives it by default: EXECUTE.
	if err := d.Delete(functions); err != nil {
		t.Fatal(err)
	}
	if after := snapshot(t); after != before {
		t.Errorf("the server after deleting the default privileges differs:\n%s", pgtest.Diff(before, after))
	}
}
