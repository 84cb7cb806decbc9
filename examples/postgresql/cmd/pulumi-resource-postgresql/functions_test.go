package main

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"

	postgresql "github.com/cidlc/cidlc/examples/postgresql/provider"
)

// TestGetRole looks up a role that a DBA made with psql: its traits and memberships as the catalogs
// have them, never its password; a role the server lacks fails the name.
func TestGetRole(t *testing.T) {
	exec(t, "postgres", "CREATE ROLE fn_group", "CREATE ROLE fn_dba LOGIN CREATEDB CONNECTION LIMIT 3 PASSWORD 'fn-secret' VALID UNTIL '2031-02-03 04:05:06+00' IN ROLE fn_group")
	t.Cleanup(func() { exec(t, "postgres", "DROP ROLE fn_dba", "DROP ROLE fn_group") })
	d := start(t)

	got, failures, err := d.Invoke(postgresql.GetRole, map[string]any{"name": "fn_dba"})
	if err != nil || len(failures) > 0 {
		t.Fatalf("getRole fn_dba: %v %v", failures, err)
	}
	want := resource.NewPropertyMapFromMap(map[string]any{
		"login": true, "superuser": false, "createDatabase": true, "createRole": false,
		"connectionLimit": 3.0, "validUntil": "2031-02-03T04:05:06Z", "roles": []any{"fn_group"},
	})
	if !got.DeepEquals(want) {
		t.Errorf("getRole fn_dba = %v, want %v", got, want)
	}

	got, _, err = d.Invoke(postgresql.GetRole, map[string]any{"name": "fn_group"})
	if err != nil || got.HasValue("validUntil") || !got["roles"].DeepEquals(resource.NewProperty([]resource.PropertyValue{})) || got["login"].BoolValue() {
		t.Errorf("getRole fn_group = %v, %v; want no validUntil, no roles, no login", got, err)
	}

	_, failures, err = d.Invoke(postgresql.GetRole, map[string]any{"name": "fn_nobody"})
	if err != nil || !slices.Equal(failures, []string{`name: the server has no role "fn_nobody"`}) {
		t.Errorf("getRole of a missing role: failures %q, error %v; want the name failed", failures, err)
	}
	// 22 characters, 66 bytes: the IDL's maxLength counts characters, the server keeps 63 bytes.
	long := strings.Repeat("名", 22)
	_, failures, err = d.Invoke(postgresql.GetRole, map[string]any{"name": long})
	if want := `name: "` + long + `" is 66 bytes long; PostgreSQL names have at most 63 bytes`; err != nil || !slices.Equal(failures, []string{want}) {
		t.Errorf("getRole of a name of 66 bytes: failures %q, error %v; want %q", failures, err, want)
	}
	_, failures, _ = d.Invoke(postgresql.GetRole, map[string]any{"name": ""})
	if len(failures) != 1 || failures[0][:5] != "name:" {
		t.Errorf("getRole of an empty name: failures %q, want one on the name (the IDL's minLength)", failures)
	}
}

// TestListSchemas lists the schemas of a database, made there with psql, with their owners: not the
// server's own; a database the server lacks fails the input, and no session stays in the database.
func TestListSchemas(t *testing.T) {
	exec(t, "postgres", "CREATE ROLE fn_owner", "CREATE DATABASE fn_db")
	exec(t, "fn_db", "CREATE SCHEMA reporting AUTHORIZATION fn_owner", `CREATE SCHEMA "Mixed Case"`)
	t.Cleanup(func() { exec(t, "postgres", "DROP DATABASE fn_db", "DROP ROLE fn_owner") })
	d := start(t)

	got, failures, err := d.Invoke(postgresql.ListSchemas, map[string]any{"database": "fn_db"})
	if err != nil || len(failures) > 0 {
		t.Fatalf("listSchemas fn_db: %v %v", failures, err)
	}
	want := resource.NewPropertyMapFromMap(map[string]any{
		"names":  []any{"Mixed Case", "public", "reporting"},
		"owners": map[string]any{"Mixed Case": server.User, "public": "pg_database_owner", "reporting": "fn_owner"},
	})
	if !got.DeepEquals(want) {
		t.Errorf("listSchemas fn_db = %v, want %v", got, want)
	}
	if n, err := server.SessionsLeftIn(context.Background(), "fn_db"); err != nil || n != 0 {
		t.Errorf("%d sessions stay in fn_db after listSchemas (%v)", n, err)
	}

	_, failures, err = d.Invoke(postgresql.ListSchemas, map[string]any{"database": "fn_none"})
	if err != nil || !slices.Equal(failures, []string{`database: the server has no database "fn_none" that takes connections`}) {
		t.Errorf("listSchemas of a missing database: failures %q, error %v; want the database failed", failures, err)
	}
}
