package main

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"

	postgresql "github.com/cidlc/cidlc/examples/postgresql/provider"
	"github.com/cidlc/cidlc/internal/testsupport/pgtest"
)

// TestCheckFailures gives Check inputs that the server would refuse or misread: each fails at preview,
// naming its property, before anything is sent to the server.
func TestCheckFailures(t *testing.T) {
	d := start(t)
	long := strings.Repeat("x", 64)
	for _, c := range []struct {
		typ    tokens.Type
		inputs map[string]any
		want   []string
	}{
		// The IDL's rules first; the provider's own checks (names, formats, which privileges an object type
		// has) on inputs that pass them.
		{postgresql.Role, map[string]any{"name": "app", "connectionLimit": -2.0}, []string{"connectionLimit: -2 is less than the minimum -1"}},
		{postgresql.Database, map[string]any{"name": "app", "connectionLimit": 1.5}, []string{"connectionLimit: 1.5 is not an integer"}},
		{postgresql.Grant, map[string]any{"role": "app", "database": "app", "objectType": "database", "privileges": []any{"GRANT"}},
			[]string{`privileges[0]: "GRANT" is not a valid Privilege; want one of "ALL", "SELECT", "INSERT", "UPDATE", "DELETE", "TRUNCATE", "REFERENCES", "TRIGGER", "CREATE", "CONNECT", "TEMPORARY", "EXECUTE", "USAGE"`}},
		{postgresql.Role, map[string]any{"name": long}, []string{`name: "` + long + `" is 64 bytes long; PostgreSQL names have at most 63 bytes`}},
		{postgresql.Role, map[string]any{"name": "pg_app"}, []string{`name: "pg_app" starts with pg_, which PostgreSQL keeps for its own roles`}},
		{postgresql.Role, map[string]any{"name": "public"}, []string{`name: "public" is reserved: no role can be called that`}},
		{postgresql.Role, map[string]any{"name": "app", "validUntil": "next year", "roles": []any{"app", ""}},
			[]string{`validUntil: "next year" is not an RFC 3339 time (2030-01-01T00:00:00Z) or infinity`,
				"roles[0]: a role cannot be a member of itself", "roles[1]: a name cannot be empty"}},
		{postgresql.Database, map[string]any{"name": "a\x00b"}, []string{`name: "a\x00b" holds a NUL character, which PostgreSQL names cannot`}},
		{postgresql.Schema, map[string]any{"name": "pg_temp_x", "database": ""},
			[]string{`name: "pg_temp_x" starts with pg_, which PostgreSQL keeps for its own schemas`, "database: a name cannot be empty"}},
		{postgresql.Grant, map[string]any{"role": "app", "database": "app", "objectType": "table", "privileges": []any{"SELECT", "USAGE", "CONNECT"}},
			[]string{"schema: a table grant needs the schema it is on",
				"privileges[1]: USAGE is not a privilege on a table; those are SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER, or ALL",
				"privileges[2]: CONNECT is not a privilege on a table; those are SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER, or ALL"}},
		{postgresql.Grant, map[string]any{"role": "app", "database": "app", "schema": "s", "objectType": "database", "objects": []any{"t"}, "privileges": []any{"CONNECT"}},
			[]string{"schema: a database grant has no schema: leave it out", "objects: a database grant is on the database itself: leave objects out"}},
		{postgresql.Extension, map[string]any{"name": "hstore", "database": "app", "version": ""}, []string{"version: a name cannot be empty"}},
		{postgresql.RoleSettings, map[string]any{"role": "app", "settings": map[string]any{"bad name": "x", "DateStyle": "ISO", "datestyle": "ISO", "search_path": "a b"}},
			[]string{`settings["bad name"]: "bad name" is not the name of a setting: letters, digits and _, in parts joined by dots (myapp.tenant)`,
				"settings.datestyle: datestyle is the setting DateStyle: the server's names are not case sensitive",
				`settings.search_path: "a b" is not a list of names separated by commas (write a name that holds a space in double quotes)`}},
		{postgresql.Membership, map[string]any{"role": "app", "member": "app"}, []string{"member: a role cannot be a member of itself"}},
		// PostgreSQL's int4, the IDL's int32: beyond it, the server would fail on the statement's syntax,
		// naming no property.
		{postgresql.Role, map[string]any{"name": "app", "connectionLimit": 3e9},
			[]string{"connectionLimit: 3000000000 is out of the range of int32, -2147483648 to 2147483647"}},
		{postgresql.Database, map[string]any{"name": "app", "connectionLimit": 2147483648.0},
			[]string{"connectionLimit: 2147483648 is out of the range of int32, -2147483648 to 2147483647"}},
		// What the server refuses in an extension's name is the name's (SQLSTATE 22023 is not always the version's).
		{postgresql.Extension, map[string]any{"name": "h--store", "database": "app"},
			[]string{`name: "h--store" holds --, which joins an extension's name and versions in its script files (hstore--1.4.sql)`}},
		{postgresql.Extension, map[string]any{"name": "../hstore", "database": "app", "version": "1.4-"},
			[]string{`name: "../hstore" holds a / or \, which would make it a path to the server's files`,
				`version: "1.4-" begins or ends with -, which an extension's script files could not tell from their --`}},
	} {
		_, got := d.Check(d.URN(c.typ, "x"), c.inputs)
		slices.Sort(got)
		slices.Sort(c.want)
		if !slices.Equal(got, c.want) {
			t.Errorf("Check %s %v:\n got %q\nwant %q", c.typ.Name(), c.inputs, got, c.want)
		}
	}
}

// TestWrongCredentials configures the provider with a wrong password and with a database that does
// not exist: Configure fails, saying which keys to check, never with the password, and the server
// is not changed.
func TestWrongCredentials(t *testing.T) {
	before := snapshot(t)
	const wrong = "not-the-password"
	for _, c := range []struct {
		change map[string]any
		want   string
	}{
		{map[string]any{"password": wrong}, `refused to log in user "postgres": the password is wrong, or there is no such role, or it may not log in`},
		{map[string]any{"username": "nobody_here", "password": wrong}, `refused to log in user "nobody_here"`},
		{map[string]any{"database": "no_such_db"}, `has no database "no_such_db" to connect to: set postgresql:database (or $PGDATABASE)`},
		{map[string]any{"port": "1"}, "cannot reach PostgreSQL at 127.0.0.1:1"},
	} {
		d := serve(t)
		config := superuser()
		for k, v := range c.change {
			config[k] = v
		}
		failures, err := d.Configure(config, pluginInfo.Version)
		if len(failures) > 0 || err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Configure with %v: %v %v; want an error saying %q", c.change, failures, err, c.want)
		} else if strings.Contains(err.Error(), wrong) || strings.Contains(err.Error(), server.Password) {
			t.Errorf("the error shows a password: %v", err)
		}
	}
	if after := snapshot(t); after != before {
		t.Errorf("a provider that could not log in changed the server:\n%s", pgtest.Diff(before, after))
	}
}

// TestRefusals makes the server refuse what Check cannot know about: each error says what was being
// done, and about which property, and nothing is left half-made.
func TestRefusals(t *testing.T) {
	d := start(t)
	exec(t, "postgres", "CREATE ROLE rf_existing", "CREATE DATABASE rf_db")
	t.Cleanup(func() { exec(t, "postgres", "DROP DATABASE rf_db", "DROP ROLE rf_existing") })
	before := snapshot(t)
	for _, c := range []struct {
		typ    tokens.Type
		inputs map[string]any
		want   string
	}{
		{postgresql.Role, map[string]any{"name": "rf_existing"},
			`role "rf_existing" already exists: adopt it with ` + "`pulumi import postgresql:role:Role <name> rf_existing`"},
		{postgresql.Database, map[string]any{"name": "rf_db"}, `database "rf_db" already exists`},
		{postgresql.Database, map[string]any{"name": "rf_db2", "lcCollate": "xx_YY.UTF-8"}, `creating database "rf_db2" (lcCollate`},
		{postgresql.Database, map[string]any{"name": "rf_db2", "template": "rf_no_template"}, `creating database "rf_db2" (template)`},
		{postgresql.Schema, map[string]any{"name": "s", "database": "rf_no_db"}, `database: there is no database "rf_no_db"`},
		{postgresql.Schema, map[string]any{"name": "public", "database": "rf_db"}, `schema "public" already exists in database "rf_db": adopt it with ` + "`pulumi import postgresql:schema:Schema <name> rf_db/public`"},
		{postgresql.Extension, map[string]any{"name": "rf_no_such_extension", "database": "rf_db"}, "name: the server's machine has no such extension"},
		{postgresql.Extension, map[string]any{"name": "hstore", "database": "rf_db", "version": "0.1"}, "version: the server has no such version of the extension"},
		{postgresql.Extension, map[string]any{"name": "hstore", "database": "rf_db", "schema": "rf_nowhere"}, "schema: the database has no such schema"},
		{postgresql.Grant, map[string]any{"role": "rf_nobody", "database": "rf_db", "objectType": "database", "privileges": []any{"CONNECT"}},
			`role: there is no role "rf_nobody" to grant privileges to`},
		{postgresql.Grant, map[string]any{"role": "rf_existing", "database": "rf_db", "schema": "rf_nowhere", "objectType": "table", "privileges": []any{"SELECT"}},
			`schema: there is no database "rf_db" (that takes connections) with a schema "rf_nowhere"`},
		{postgresql.Grant, map[string]any{"role": "rf_existing", "database": "rf_db", "schema": "public", "objectType": "table", "objects": []any{"t"}, "privileges": []any{"SELECT"}},
			`objects[0]: schema "public" of database "rf_db" has no table "t"`},
	} {
		if _, err := d.Create(c.typ, "x", c.inputs); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Create %s %v: %v; want an error saying %q", c.typ.Name(), c.inputs, err, c.want)
		}
	}
	if after := snapshot(t); after != before {
		t.Errorf("failed creations changed the server:\n%s", pgtest.Diff(before, after))
	}

	// A schema that holds a table is not dropped, but with dropCascade.
	schema := d.MustCreate(postgresql.Schema, "full", map[string]any{"name": "rf_full", "database": "rf_db"})
	exec(t, "rf_db", "CREATE TABLE rf_full.t (id int)")
	if err := d.Delete(schema); err == nil || !strings.Contains(err.Error(), `schema "rf_full" of database "rf_db" is not empty, and deleting it would delete what it holds: drop or move its objects first, or set dropCascade`) {
		t.Errorf("deleting a schema that holds a table: %v", err)
	}
	if err := d.Update(schema, map[string]any{"name": "rf_full", "database": "rf_db", "dropCascade": true}); err != nil {
		t.Fatal(err)
	}
	if err := d.Delete(schema); err != nil {
		t.Errorf("deleting a schema with dropCascade: %v", err)
	}
	if after := snapshot(t); after != before {
		t.Errorf("the schema and its table are not gone:\n%s", pgtest.Diff(before, after))
	}
}

// TestDeletes deletes what holds more than the provider made: a database with a session connected and
// made a template, and a role that owns a table in another database and has privileges there. The
// role's table stays, given to the provider's user.
func TestDeletes(t *testing.T) {
	d := start(t)
	before := snapshot(t)
	role := d.MustCreate(postgresql.Role, "owner", map[string]any{"name": "del_owner", "login": true})
	db := d.MustCreate(postgresql.Database, "db", map[string]any{"name": "del_db", "isTemplate": true})
	exec(t, "del_db", "CREATE TABLE kept (id int)", "ALTER TABLE kept OWNER TO del_owner", "GRANT CONNECT ON DATABASE del_db TO del_owner",
		"INSERT INTO kept VALUES (1)")
	if err := d.Delete(role); err != nil {
		t.Fatalf("deleting a role that owns a table: %v", err)
	}
	if got := query[string](t, "del_db", "SELECT tableowner||' '||(SELECT count(*) FROM kept) FROM pg_tables WHERE tablename = 'kept'"); got != "postgres 1" {
		t.Errorf("the role's table is %q, want it owned by postgres, with its row", got)
	}

	session := connect(t, "del_db")
	defer session.Close(context.Background())
	if err := d.Delete(db); err != nil {
		t.Fatalf("deleting a template database with a session: %v", err)
	}
	if err := d.Delete(db); err != nil {
		t.Errorf("deleting a database that is gone: %v", err)
	}
	if after := snapshot(t); after != before {
		t.Errorf("the server after the deletes differs:\n%s", pgtest.Diff(before, after))
	}
}

// TestImport adopts what a DBA made with psql, knowing only its ID, as `pulumi import` and `get` do:
// the inputs read back are those that recreate it.
func TestImport(t *testing.T) {
	d := start(t)
	exec(t, "postgres", `CREATE ROLE "imp legacy" LOGIN CREATEDB CONNECTION LIMIT 3 VALID UNTIL '2031-02-03 04:05:06+00' PASSWORD 'x'`,
		`CREATE ROLE imp_group`, `GRANT imp_group TO "imp legacy"`, `CREATE DATABASE "imp/db" OWNER "imp legacy" ALLOW_CONNECTIONS false`)
	exec(t, "postgres", `ALTER DATABASE "imp/db" ALLOW_CONNECTIONS true`)
	exec(t, "imp/db", `CREATE SCHEMA "a/b%c" AUTHORIZATION imp_group`, `GRANT USAGE, CREATE ON SCHEMA "a/b%c" TO "imp legacy" WITH GRANT OPTION`)
	t.Cleanup(func() { exec(t, "postgres", `DROP DATABASE "imp/db"`, `DROP ROLE "imp legacy"`, "DROP ROLE imp_group") })

	for _, c := range []struct {
		typ  tokens.Type
		id   string
		want map[string]any
	}{
		{postgresql.Role, "imp legacy", map[string]any{"name": "imp legacy", "login": true, "createDatabase": true, "connectionLimit": 3.0,
			"validUntil": "2031-02-03T04:05:06Z", "roles": []any{"imp_group"}, "superuser": false, "createRole": false, "inherit": true,
			"replication": false, "bypassRowLevelSecurity": false}},
		{postgresql.Database, "imp/db", map[string]any{"name": "imp/db", "owner": "imp legacy", "encoding": "UTF8", "lcCollate": "C.UTF-8",
			"lcCtype": "C.UTF-8", "template": "template0", "connectionLimit": -1.0, "allowConnections": true, "isTemplate": false}},
		{postgresql.Schema, "imp%2Fdb/a%2Fb%25c", map[string]any{"name": "a/b%c", "database": "imp/db", "owner": "imp_group", "dropCascade": false}},
		{postgresql.Grant, "schema/imp legacy/imp%2Fdb/a%2Fb%25c", map[string]any{"role": "imp legacy", "database": "imp/db", "schema": "a/b%c",
			"objectType": "schema", "privileges": []any{"USAGE", "CREATE"}, "withGrantOption": true}},
	} {
		l, err := d.Import(c.typ, "adopted", c.id)
		if err != nil || l == nil {
			t.Errorf("importing %s %s: %v %v", c.typ.Name(), c.id, l, err)
			continue
		}
		if want := resource.NewPropertyMapFromMap(c.want); !d.Outputs(l).DeepEquals(want) {
			t.Errorf("importing %s %s:\n got %v\nwant %v", c.typ.Name(), c.id, d.Outputs(l), want)
		}
		if diff := d.Diff(l, c.want); len(diff.GetDiffs()) > 0 {
			t.Errorf("importing %s %s: a program with the inputs read back differs: %v", c.typ.Name(), c.id, diff)
		}
	}
	for _, c := range []struct {
		typ tokens.Type
		id  string
	}{{postgresql.Role, "imp_nobody"}, {postgresql.Schema, "imp%2Fdb/nothing"}, {postgresql.Schema, "nodb/public"},
		{postgresql.Grant, "database/imp_group/imp%2Fdb"}} {
		if l, err := d.Import(c.typ, "x", c.id); l != nil || err != nil {
			t.Errorf("importing %s %s, which does not exist: %v %v; want nothing", c.typ.Name(), c.id, l, err)
		}
	}
	if _, err := d.Import(postgresql.Schema, "x", "no-slash"); err == nil || !strings.Contains(err.Error(), `the ID "no-slash" is not database/schema`) {
		t.Errorf("importing a schema by an ID that is not one: %v", err)
	}
}
