package main

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	postgresql "github.com/cidlc/cidlc/examples/postgresql/provider"
	"github.com/cidlc/cidlc/internal/testsupport/pgtest"
	"github.com/cidlc/cidlc/provider"
	"github.com/cidlc/cidlc/providertest"
)

// startLogged is start, with the provider's messages going to an engine of the test's.
func startLogged(t *testing.T) (*providertest.Driver, *providertest.Engine) {
	t.Helper()
	srv, err := provider.NewServer(pluginInfo, postgresql.NewProvider(postgresql.Configure))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	engine := providertest.NewEngine(t)
	srv.LogTo(engine.Client)
	d := providertest.Serve(t, srv, "postgresql-test")
	if failures, err := d.Configure(superuser(), pluginInfo.Version); err != nil || len(failures) > 0 {
		t.Fatalf("configuring the provider: %v %v", failures, err)
	}
	return d, engine
}

// TestPartialRole: a role whose membership the server refuses is created all the same, and the
// provider says so: ErrorResourceInitFailed, with the role's ID and its properties (a member of no
// role: roles empty), which the engine keeps. The next update, once the group exists, makes the membership; delete
// leaves the server as it was.
func TestPartialRole(t *testing.T) {
	d := start(t)
	before := snapshot(t)
	inputs := map[string]any{"name": "pr_member", "login": true, "roles": []any{"pr_group"}}
	_, err := d.Create(postgresql.Role, "member", inputs)
	var failed *pulumirpc.ErrorResourceInitFailed
	for _, detail := range status.Convert(err).Details() {
		failed, _ = detail.(*pulumirpc.ErrorResourceInitFailed)
	}
	want := `role "pr_member" is created, but roles: making role "pr_member" a member of "pr_group": role "pr_group" does not exist [SQLSTATE 42704]`
	if failed == nil || failed.GetId() != "pr_member" || !slices.Equal(failed.GetReasons(), []string{want}) {
		t.Fatalf("Create of a role whose group does not exist: %v (%v); want ErrorResourceInitFailed for pr_member: %s", err, failed, want)
	}
	// roles is there, and empty: the role manages its memberships (a Role without roles leaves them to
	// Membership resources), and it is a member of none.
	if outs := providertest.Unprops(t, failed.GetProperties()); !outs["roles"].IsArray() || len(outs["roles"].ArrayValue()) != 0 || !outs["login"].BoolValue() {
		t.Errorf("the partial role's properties = %v; want it a login role of no group", outs)
	}
	if got := query[string](t, "postgres", "SELECT rolname FROM pg_roles WHERE rolname = 'pr_member'"); got != "pr_member" {
		t.Errorf("the server has no role pr_member")
	}

	// As the engine does: the next update goes from what the partial creation recorded.
	exec(t, "postgres", "CREATE ROLE pr_group")
	live := &providertest.Live{URN: d.URN(postgresql.Role, "member"), ID: failed.GetId(), Outputs: failed.GetProperties(),
		Inputs: providertest.Props(t, inputs)}
	if err := d.Update(live, inputs); err != nil {
		t.Fatalf("updating the partial role: %v", err)
	}
	if got := query[bool](t, "postgres", "SELECT pg_has_role('pr_member', 'pr_group', 'MEMBER')"); !got {
		t.Error("the update did not make pr_member a member of pr_group")
	}
	if err := d.Delete(live); err != nil {
		t.Fatal(err)
	}
	exec(t, "postgres", "DROP ROLE pr_group")
	if after := snapshot(t); after != before {
		t.Errorf("the server after the partial role's delete:\n%s", pgtest.Diff(before, after))
	}
}

// TestTimeout: a grant that waits on a lock another session holds fails when the program's timeout
// passes, with a message that names it, and leaves nothing: its statement canceled, its transaction
// rolled back, no session of the provider's busy. Once the lock is free, the grant is made within the
// resource's default timeout.
func TestTimeout(t *testing.T) {
	d, _ := startLogged(t)
	exec(t, "postgres", "CREATE ROLE to_reader", "CREATE DATABASE to_db")
	t.Cleanup(func() { exec(t, "postgres", "DROP DATABASE to_db", "DROP ROLE to_reader") })
	holder := connect(t, "postgres")
	defer holder.Close(context.Background())
	if _, err := holder.Exec(context.Background(), "SELECT pg_advisory_lock(hashtext('database:to_db'))"); err != nil {
		t.Fatal(err)
	}
	u := d.URN(postgresql.Grant, "connect")
	checked, failures := d.Check(u, map[string]any{"role": "to_reader", "database": "to_db", "objectType": "database", "privileges": []any{"CREATE"}})
	if len(failures) > 0 {
		t.Fatal(failures)
	}
	start := time.Now()
	_, err := d.Client.Create(context.Background(), &pulumirpc.CreateRequest{Urn: string(u), Properties: checked, Timeout: 1})
	msg := status.Convert(err).Message()
	if status.Code(err) != codes.DeadlineExceeded || !strings.HasPrefix(msg, `Grant "connect": create timed out after 1s (the program's customTimeouts.create); give it more time with the customTimeouts resource option, such as { create: "2s" }: `) {
		t.Errorf("Create waiting past its timeout: %v", err)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("Create with a timeout of 1s took %v", took)
	}
	if n, err := server.Busy(context.Background(), postgresql.ApplicationName); err != nil || n != 0 {
		t.Errorf("%d sessions of the provider's still busy after the timeout (%v)", n, err)
	}
	if got := query[bool](t, "postgres", "SELECT has_database_privilege('to_reader', 'to_db', 'CREATE')"); got {
		t.Error("the grant that timed out was made")
	}
	if _, err := holder.Exec(context.Background(), "SELECT pg_advisory_unlock_all()"); err != nil {
		t.Fatal(err)
	}
	resp, err := d.Client.Create(context.Background(), &pulumirpc.CreateRequest{Urn: string(u), Properties: checked})
	if err != nil {
		t.Fatalf("Create once the lock is free: %v", err)
	}
	if got := query[bool](t, "postgres", "SELECT has_database_privilege('to_reader', 'to_db', 'CREATE')"); !got {
		t.Error("the grant was not made")
	}
	if err := d.Delete(&providertest.Live{URN: u, ID: resp.GetId(), Inputs: checked, Outputs: resp.GetProperties()}); err != nil {
		t.Fatal(err)
	}
}

// TestDeleteGone: deleting a role that a DBA dropped already succeeds, with a warning under the role,
// and so does deleting a membership a DBA revoked, and settings and default privileges of a role a DBA
// dropped; deleting a role that owned objects says what became of them.
func TestDeleteGone(t *testing.T) {
	d, engine := startLogged(t)
	gone := d.MustCreate(postgresql.Role, "gone", map[string]any{"name": "dg_gone"})
	exec(t, "postgres", "DROP ROLE dg_gone")
	if err := d.Delete(gone); err != nil {
		t.Errorf("deleting a role dropped outside Pulumi: %v", err)
	}
	exec(t, "postgres", "CREATE ROLE dg_group", "CREATE ROLE dg_member", "CREATE DATABASE dg_dp")
	t.Cleanup(func() { exec(t, "postgres", "DROP DATABASE dg_dp", "DROP ROLE dg_group") })
	membership := d.MustCreate(postgresql.Membership, "membership", map[string]any{"role": "dg_group", "member": "dg_member"})
	settings := d.MustCreate(postgresql.RoleSettings, "settings", map[string]any{"role": "dg_member",
		"settings": map[string]any{"statement_timeout": "5s"}})
	privileges := d.MustCreate(postgresql.DefaultPrivileges, "privileges", map[string]any{"role": "dg_member", "database": "dg_dp",
		"owner": "dg_group", "objectType": "table", "privileges": []any{"SELECT"}})
	exec(t, "postgres", "REVOKE dg_group FROM dg_member")
	exec(t, "dg_dp", "DROP OWNED BY dg_member")
	exec(t, "postgres", "DROP ROLE dg_member")
	for _, l := range []*providertest.Live{membership, settings, privileges} {
		if err := d.Delete(l); err != nil {
			t.Errorf("deleting %s, gone outside Pulumi: %v", l.URN.Name(), err)
		}
	}
	owner := d.MustCreate(postgresql.Role, "owner", map[string]any{"name": "dg_owner"})
	exec(t, "postgres", "CREATE DATABASE dg_db")
	t.Cleanup(func() { exec(t, "postgres", "DROP DATABASE dg_db") })
	exec(t, "dg_db", "CREATE TABLE kept (id int)", "ALTER TABLE kept OWNER TO dg_owner")
	if err := d.Delete(owner); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"WARNING " + string(gone.URN) + `: Role "gone" was already gone (deleted outside of Pulumi?); it is removed from the stack`,
		"WARNING " + string(membership.URN) + `: Membership "membership" was already gone (deleted outside of Pulumi?); it is removed from the stack`,
		"WARNING " + string(settings.URN) + `: RoleSettings "settings" was already gone (deleted outside of Pulumi?); it is removed from the stack`,
		"WARNING " + string(privileges.URN) + `: DefaultPrivileges "privileges" was already gone (deleted outside of Pulumi?); it is removed from the stack`,
		"INFO " + string(owner.URN) + `: role "dg_owner" owned objects or held privileges in dg_db: what it owned now belongs to "postgres", and its privileges are revoked`,
	}
	if got := engine.Messages(); !slices.Equal(got, want) {
		t.Errorf("the engine was told\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
