package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"

	postgresql "github.com/cidlc/cidlc/examples/postgresql/provider"
	"github.com/cidlc/cidlc/internal/testsupport/pgtest"
	"github.com/cidlc/cidlc/internal/testsupport/providertest"
)

// TestMembership makes a role a member of a group and of a role of the server's, apart from the
// roles: read back from pg_auth_members, the admin option changed in place, taken back by a DBA and
// found by a refresh, adopted by its ID, and revoked, after which the server is as it was. The
// member's own Role, without roles, leaves the memberships alone.
func TestMembership(t *testing.T) {
	d := start(t)
	exec(t, "postgres", "CREATE ROLE mb_group")
	t.Cleanup(func() { exec(t, "postgres", "DROP ROLE mb_group") })
	before := snapshot(t)
	member := d.MustCreate(postgresql.Role, "member", map[string]any{"name": "mb_member", "login": true})
	groupInputs := map[string]any{"role": "mb_group", "member": "mb_member"}
	inGroup := d.MustCreate(postgresql.Membership, "group", groupInputs)
	if inGroup.ID != "mb_group/mb_member" {
		t.Errorf("the membership's ID is %q, want mb_group/mb_member", inGroup.ID)
	}
	statsInputs := map[string]any{"role": "pg_read_all_stats", "member": "mb_member", "adminOption": true}
	inStats := d.MustCreate(postgresql.Membership, "stats", statsInputs)
	memberships := func() string {
		return query[string](t, "postgres", `SELECT string_agg(pg_get_userbyid(roleid)||' admin='||admin_option, ',' ORDER BY pg_get_userbyid(roleid))
			FROM pg_auth_members WHERE member = 'mb_member'::regrole`)
	}
	if got := memberships(); got != "mb_group admin=false,pg_read_all_stats admin=true" {
		t.Errorf("mb_member's memberships are %q", got)
	}
	for _, c := range []struct {
		live   *providertest.Live
		inputs map[string]any
	}{{inGroup, groupInputs}, {inStats, statsInputs}, {member, map[string]any{"name": "mb_member", "login": true}}} {
		steady(t, d, c.live, c.inputs)
	}

	groupInputs["adminOption"] = true
	if diff := d.Diff(inGroup, groupInputs); diff.GetChanges() != pulumirpc.DiffResponse_DIFF_SOME || len(diff.GetReplaces()) > 0 {
		t.Errorf("Diff of a new admin option = %v, want an update in place", diff)
	}
	if err := d.Update(inGroup, groupInputs); err != nil {
		t.Fatal(err)
	}
	if diff := d.Diff(inGroup, providertest.With(groupInputs, map[string]any{"member": "mb_other"})); !slices.Equal(diff.GetReplaces(), []string{"member"}) {
		t.Errorf("Diff of another member = %v, want a replacement", diff)
	}
	exec(t, "postgres", "REVOKE ADMIN OPTION FOR mb_group FROM mb_member")
	d.Refresh(inGroup)
	if got := d.Outputs(inGroup)["adminOption"]; !got.DeepEquals(resource.NewProperty(false)) {
		t.Errorf("after a DBA took back the admin option, a refresh reads adminOption %v", got)
	}
	if err := d.Update(inGroup, groupInputs); err != nil {
		t.Fatal(err)
	}
	groupInputs["adminOption"] = false
	if err := d.Update(inGroup, groupInputs); err != nil {
		t.Fatal(err)
	}
	if got := memberships(); got != "mb_group admin=false,pg_read_all_stats admin=true" {
		t.Errorf("after the admin option was given and taken back, mb_member's memberships are %q", got)
	}

	adopted, err := d.Import(postgresql.Membership, "adopted", "pg_read_all_stats/mb_member")
	if want := resource.NewPropertyMapFromMap(statsInputs); err != nil || adopted == nil || !d.Outputs(adopted).DeepEquals(want) {
		t.Errorf("importing pg_read_all_stats/mb_member: %v %v; want %v", adopted, err, want)
	}
	if l, err := d.Import(postgresql.Membership, "x", "mb_group/postgres"); l != nil || err != nil {
		t.Errorf("importing a membership that is not there: %v %v; want nothing", l, err)
	}
	if _, err := d.Create(postgresql.Membership, "again", statsInputs); err == nil ||
		!strings.Contains(err.Error(), `the membership of role "mb_member" in "pg_read_all_stats" exists already: adopt it with `+"`pulumi import postgresql:membership:Membership <name> pg_read_all_stats/mb_member`") {
		t.Errorf("creating a membership that is there: %v", err)
	}
	if _, err := d.Create(postgresql.Membership, "nobody", map[string]any{"role": "mb_nobody", "member": "mb_member"}); err == nil ||
		!strings.Contains(err.Error(), `role: there is no role "mb_nobody"`) {
		t.Errorf("a membership in a role that is not there: %v", err)
	}

	for _, l := range []*providertest.Live{inStats, inGroup, member} {
		if err := d.Delete(l); err != nil {
			t.Fatal(err)
		}
		if d.Refresh(l) {
			t.Errorf("%s: Read after Delete still finds it", l.URN.Name())
		}
	}
	if after := snapshot(t); after != before {
		t.Errorf("the server after deleting everything differs:\n%s", pgtest.Diff(before, after))
	}
}

// TestMembershipOptionsOnOldServers: PostgreSQL 15 has no INHERIT and SET options on a membership:
// Check refuses them, naming the option, the server and its version, and what to do instead.
func TestMembershipOptionsOnOldServers(t *testing.T) {
	if server.Version >= 16 {
		t.Skipf("PostgreSQL %d has the options", server.Version)
	}
	d := start(t)
	_, got := d.Check(d.URN(postgresql.Membership, "x"), map[string]any{"role": "a", "member": "b", "inheritOption": false, "setOption": true})
	slices.Sort(got)
	if len(got) != 2 ||
		!strings.HasPrefix(got[0], "inheritOption: PostgreSQL at 127.0.0.1:") || !strings.Contains(got[0], "whose memberships have no INHERIT option (it came with PostgreSQL 16): leave inheritOption out") ||
		!strings.HasPrefix(got[1], "setOption: PostgreSQL at 127.0.0.1:") || !strings.Contains(got[1], "whose memberships have no SET option (it came with PostgreSQL 16): leave setOption out") ||
		!strings.Contains(got[0], "is version 15.") {
		t.Errorf("Check of a membership with inherit and set options on PostgreSQL 15: %q", got)
	}
}

// steady reads a live resource back and diffs it against the inputs it was made with: Read must
// return what Create did, and the same program must change nothing.
func steady(t *testing.T, d *providertest.Driver, l *providertest.Live, inputs map[string]any) {
	t.Helper()
	outs := d.Outputs(l)
	if !d.Refresh(l) {
		t.Fatalf("%s: Read finds nothing", l.URN.Name())
	}
	if read := d.Outputs(l); !read.DeepEquals(outs) {
		t.Errorf("%s: Read = %v, want what Create returned: %v", l.URN.Name(), read, outs)
	}
	if diff := d.Diff(l, inputs); diff.GetChanges() != pulumirpc.DiffResponse_DIFF_NONE {
		t.Errorf("%s: Diff of the same inputs after a refresh = %v, want no change", l.URN.Name(), diff)
	}
}
