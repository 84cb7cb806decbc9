package main

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"

	postgresql "github.com/cidlc/cidlc/examples/postgresql/provider"
	"github.com/cidlc/cidlc/internal/testsupport/pgtest"
	"github.com/cidlc/cidlc/providertest"
)

// TestLifeCycle takes one resource of each type through its life on the real server, checking the
// catalogs at each step: create, read back, no change on the same inputs, an update in place, a
// change that replaces, drift made by a DBA and found by a refresh, and deletion, after which the
// server is as it was.
func TestLifeCycle(t *testing.T) {
	d := start(t)
	before := snapshot(t)

	const password = `c0rrect h'orse\battery`
	ownerInputs := map[string]any{"name": "lc_owner", "login": true, "password": resource.MakeSecret(resource.NewProperty(password))}
	owner := d.MustCreate(postgresql.Role, "owner", ownerInputs)
	if owner.ID != "lc_owner" {
		t.Errorf("the role's ID is %q, want its name", owner.ID)
	}
	if got := query[bool](t, "postgres", "SELECT rolcanlogin AND rolconnlimit = -1 AND NOT rolsuper FROM pg_roles WHERE rolname = 'lc_owner'"); !got {
		t.Error("lc_owner is not a role that logs in, without limit, and not a superuser")
	}
	logIn(t, "lc_owner", password, "postgres")
	// Write-only: the inputs the engine records keep it, secret; the state never holds it.
	if got := providertest.Unprops(t, owner.Inputs)["password"]; !got.IsSecret() {
		t.Errorf("the checked inputs hold the password as %v, want a secret", got)
	}
	if got := d.Outputs(owner); got.HasValue("password") {
		t.Errorf("Create returned the password among the outputs: %v", got)
	}
	readerInputs := map[string]any{"name": "lc_reader", "roles": []any{"lc_owner"}, "connectionLimit": 3.0}
	reader := d.MustCreate(postgresql.Role, "reader", readerInputs)
	if got := query[string](t, "postgres", `SELECT string_agg(pg_get_userbyid(roleid), ',') FROM pg_auth_members
		WHERE member = 'lc_reader'::regrole`); got != "lc_owner" {
		t.Errorf("lc_reader is a member of %q, want lc_owner", got)
	}

	dbInputs := map[string]any{"name": "lc_db", "owner": providertest.Ref(owner), "lcCollate": "C", "connectionLimit": 20.0}
	db := d.MustCreate(postgresql.Database, "db", dbInputs)
	if got := query[string](t, "postgres", `SELECT pg_get_userbyid(datdba)||' '||pg_encoding_to_char(encoding)||' '||datcollate||' '||datconnlimit
		FROM pg_database WHERE datname = 'lc_db'`); got != "lc_owner UTF8 C 20" {
		t.Errorf("lc_db is %q, want owner, encoding, collation and limit lc_owner UTF8 C 20", got)
	}
	schemaInputs := map[string]any{"name": "reporting", "database": "lc_db", "owner": providertest.Ref(owner)}
	schema := d.MustCreate(postgresql.Schema, "reporting", schemaInputs)
	if schema.ID != "lc_db/reporting" {
		t.Errorf("the schema's ID is %q, want lc_db/reporting", schema.ID)
	}
	if got := query[string](t, "lc_db", "SELECT pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname = 'reporting'"); got != "lc_owner" {
		t.Errorf("schema reporting is owned by %q, want lc_owner", got)
	}
	extInputs := map[string]any{"name": "hstore", "database": "lc_db", "schema": "reporting", "version": "1.4"}
	ext := d.MustCreate(postgresql.Extension, "hstore", extInputs)
	if got := query[string](t, "lc_db", "SELECT extversion||' in '||extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'hstore'"); got != "1.4 in reporting" {
		t.Errorf("hstore is %q, want 1.4 in reporting", got)
	}

	exec(t, "lc_db", "CREATE TABLE reporting.orders (id int)", "CREATE TABLE reporting.items (id int)")
	connectInputs := map[string]any{"role": "lc_reader", "database": "lc_db", "objectType": "database", "privileges": []any{"CONNECT"}}
	connectGrant := d.MustCreate(postgresql.Grant, "connect", connectInputs)
	usageInputs := map[string]any{"role": "lc_reader", "database": "lc_db", "schema": "reporting", "objectType": "schema", "privileges": []any{"USAGE"}}
	usageGrant := d.MustCreate(postgresql.Grant, "usage", usageInputs)
	selectInputs := map[string]any{"role": "lc_reader", "database": "lc_db", "schema": "reporting", "objectType": "table", "privileges": []any{"SELECT"}}
	selectGrant := d.MustCreate(postgresql.Grant, "select", selectInputs)
	if selectGrant.ID != "table/lc_reader/lc_db/reporting" {
		t.Errorf("the grant's ID is %q, want table/lc_reader/lc_db/reporting", selectGrant.ID)
	}
	if got := query[string](t, "lc_db", `SELECT has_database_privilege('lc_reader', 'lc_db', 'CONNECT')::text||has_schema_privilege('lc_reader', 'reporting', 'USAGE')::text
		||has_table_privilege('lc_reader', 'reporting.orders', 'SELECT')::text||has_table_privilege('lc_reader', 'reporting.items', 'SELECT')::text
		||has_table_privilege('lc_reader', 'reporting.items', 'INSERT')::text`); got != "truetruetruetruefalse" {
		t.Errorf("lc_reader's privileges (connect, usage, select on both tables, insert) are %s", got)
	}

	all := []struct {
		name   string
		live   *providertest.Live
		inputs map[string]any
	}{
		{"owner", owner, ownerInputs}, {"reader", reader, readerInputs}, {"db", db, dbInputs}, {"schema", schema, schemaInputs},
		{"hstore", ext, extInputs}, {"connect", connectGrant, connectInputs}, {"usage", usageGrant, usageInputs},
		{"select", selectGrant, selectInputs},
	}
	for _, r := range all {
		outs := d.Outputs(r.live)
		if !d.Refresh(r.live) {
			t.Fatalf("%s: Read finds nothing", r.name)
		}
		if read := d.Outputs(r.live); !read.DeepEquals(outs) {
			t.Errorf("%s: Read = %v, want what Create returned: %v", r.name, read, outs)
		}
		if diff := d.Diff(r.live, r.inputs); diff.GetChanges() != pulumirpc.DiffResponse_DIFF_NONE {
			t.Errorf("%s: Diff of the same inputs after a refresh = %v, want no change", r.name, diff)
		}
	}

	t.Run("update in place", func(t *testing.T) {
		readerInputs["connectionLimit"] = 5.0
		readerInputs["roles"] = []any{}
		if diff := d.Diff(reader, readerInputs); diff.GetChanges() != pulumirpc.DiffResponse_DIFF_SOME || len(diff.GetReplaces()) > 0 {
			t.Fatalf("Diff = %v, want an update in place", diff)
		}
		if err := d.Update(reader, readerInputs); err != nil {
			t.Fatal(err)
		}
		if got := query[string](t, "postgres", `SELECT rolconnlimit||' '||(SELECT count(*) FROM pg_auth_members WHERE member = r.oid)
			FROM pg_roles r WHERE rolname = 'lc_reader'`); got != "5 0" {
			t.Errorf("lc_reader's connection limit and memberships are %q, want 5 0", got)
		}
		extInputs["version"] = "1.5"
		if err := d.Update(ext, extInputs); err != nil {
			t.Fatal(err)
		}
		if got := query[string](t, "lc_db", "SELECT extversion FROM pg_extension WHERE extname = 'hstore'"); got != "1.5" {
			t.Errorf("hstore is version %s, want 1.5", got)
		}
		selectInputs["privileges"] = []any{"INSERT", "SELECT"}
		if err := d.Update(selectGrant, selectInputs); err != nil {
			t.Fatal(err)
		}
		if !query[bool](t, "lc_db", "SELECT has_table_privilege('lc_reader', 'reporting.items', 'INSERT')") {
			t.Error("lc_reader cannot insert into items after the grant's update")
		}
	})

	t.Run("replace", func(t *testing.T) {
		// A grant of the same role on the same kind of object is deleted first: the old grant's delete
		// would revoke what its replacement granted. So is a schema that keeps its (verbatim) name: the
		// runtime does not know that the name is unique only in a database, which the replacement leaves.
		for _, c := range []struct {
			live         *providertest.Live
			inputs       map[string]any
			key          string
			deleteBefore bool
		}{
			{schema, providertest.With(schemaInputs, map[string]any{"database": "postgres"}), "database", true},
			{selectGrant, providertest.With(selectInputs, map[string]any{"objects": []any{"orders"}}), "objects", true},
			{selectGrant, providertest.With(selectInputs, map[string]any{"role": "lc_owner"}), "role", false},
			{owner, providertest.With(ownerInputs, map[string]any{"name": "lc_owner2"}), "name", false},
		} {
			diff := d.Diff(c.live, c.inputs)
			if !slices.Equal(diff.GetReplaces(), []string{c.key}) || diff.GetDeleteBeforeReplace() != c.deleteBefore {
				t.Errorf("%s: Diff of a new %s = %v, want a replacement on it, deleting first %v", c.live.URN.Name(), c.key, diff, c.deleteBefore)
			}
		}
	})

	// A database's name and encoding are immutable: replacing it would drop its data. A change fails,
	// naming the property, its values and the deliberate way, and the database stays as it was.
	t.Run("immutable", func(t *testing.T) {
		for _, c := range []struct{ key, value, want string }{
			{"encoding", "LATIN1", `encoding is immutable, and this update would change it from "UTF8" to "LATIN1"`},
			{"name", "lc_db2", `name is immutable, and this update would change it from "lc_db" to "lc_db2"`},
		} {
			err := d.Update(db, providertest.With(dbInputs, map[string]any{c.key: c.value}))
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "--replace") {
				t.Errorf("an update of the database's %s: %v, want a refusal that names %s and --replace", c.key, err, c.want)
			}
		}
		if got := query[string](t, "postgres", "SELECT string_agg(datname||' '||pg_encoding_to_char(encoding), ',') FROM pg_database WHERE datname LIKE 'lc_db%'"); got != "lc_db UTF8" {
			t.Errorf("after the refused updates, the databases are %q, want lc_db UTF8", got)
		}
	})

	t.Run("drift", func(t *testing.T) {
		exec(t, "postgres", "ALTER ROLE lc_reader CONNECTION LIMIT 7", "ALTER ROLE lc_owner PASSWORD 'changed by hand'")
		exec(t, "lc_db", "REVOKE INSERT ON reporting.orders FROM lc_reader")
		for _, l := range []*providertest.Live{reader, owner, selectGrant} {
			d.Refresh(l)
		}
		if got := providertest.Unprops(t, reader.Inputs)["connectionLimit"]; !got.DeepEquals(resource.NewProperty(7.0)) {
			t.Errorf("after a refresh, connectionLimit = %v, want 7", got)
		}
		if diff := d.Diff(reader, readerInputs); !slices.Equal(diff.GetDiffs(), []string{"connectionLimit"}) {
			t.Errorf("Diff after the DBA's change = %v, want connectionLimit to change back", diff)
		}
		if diff := d.Diff(owner, ownerInputs); !slices.Equal(diff.GetDiffs(), []string{"password"}) {
			t.Errorf("Diff after the DBA changed the password = %v, want the password set again", diff)
		}
		if got := providertest.Unprops(t, selectGrant.Outputs)["privileges"]; !got.DeepEquals(resource.NewProperty([]resource.PropertyValue{resource.NewProperty("SELECT")})) {
			t.Errorf("after a refresh, the grant's privileges are %v, want SELECT: INSERT is not on every table", got)
		}
		for _, c := range []struct {
			live   *providertest.Live
			inputs map[string]any
		}{{reader, readerInputs}, {owner, ownerInputs}, {selectGrant, selectInputs}} {
			if err := d.Update(c.live, c.inputs); err != nil {
				t.Fatal(err)
			}
		}
		logIn(t, "lc_owner", password, "postgres")
		if !query[bool](t, "lc_db", "SELECT has_table_privilege('lc_reader', 'reporting.orders', 'INSERT') AND rolconnlimit = 5 FROM pg_roles WHERE rolname = 'lc_reader'") {
			t.Error("the update after the refresh did not undo the DBA's changes")
		}
	})

	for _, r := range slices.Backward(all) {
		if r.live == schema {
			exec(t, "lc_db", "DROP TABLE reporting.orders, reporting.items") // the test's, not the provider's
		}
		if err := d.Delete(r.live); err != nil {
			t.Fatalf("deleting %s: %v", r.name, err)
		}
		if d.Refresh(r.live) {
			t.Errorf("%s: Read after Delete still finds it", r.name)
		}
	}
	if after := snapshot(t); after != before {
		t.Errorf("the server after deleting everything differs from before:\n%s", pgtest.Diff(before, after))
	}
}

// logIn logs in as role with password, or fails the test.
func logIn(t *testing.T, role, password, db string) {
	t.Helper()
	cfg, err := pgx.ParseConfig(server.DSN(db))
	if err != nil {
		t.Fatal(err)
	}
	cfg.User, cfg.Password = role, password
	conn, err := pgx.ConnectConfig(context.Background(), cfg)
	if err != nil {
		t.Fatalf("logging in as %s with its password: %v", role, err)
	}
	conn.Close(context.Background())
}
