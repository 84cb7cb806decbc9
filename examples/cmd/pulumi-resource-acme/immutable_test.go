package main

import (
	"context"
	"slices"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/cidlc/cidlc/examples/provider/cloud"
	"github.com/cidlc/cidlc/examples/provider/compute"
)

// TestImmutable: a volume's encryption (immutable) never changes once the volume exists. Diff shows the
// change as an update; Update, in a preview and for real, refuses it with a message that says what and
// how to replace the volume instead, and leaves the cloud's volume as it was. A replacement that a
// replaces property causes creates the new volume with the new value, and a refresh that finds the
// cloud's value changed records it: the engine diffs there, and Diff does not judge.
func TestImmutable(t *testing.T) {
	d := start(t)
	inputs := map[string]any{"availabilityZone": "us-west-1a", "kind": "ssd"}
	vol := d.create(compute.Volume, "data", inputs)
	decrypted := d.merge(inputs, map[string]any{"encrypted": false})

	diff := d.Diff(vol, decrypted)
	if diff.GetChanges() != pulumirpc.DiffResponse_DIFF_SOME || len(diff.GetReplaces()) > 0 ||
		diff.GetDetailedDiff()["encrypted"].GetKind() != pulumirpc.PropertyDiff_UPDATE {
		t.Errorf("Diff of encrypted = %v, want an update", diff)
	}
	checked, _ := d.Check(vol.URN, decrypted)
	for _, preview := range []bool{true, false} {
		_, err := d.Client.Update(context.Background(), &pulumirpc.UpdateRequest{Id: vol.ID, Urn: string(vol.URN), Olds: vol.Outputs,
			News: checked, OldInputs: vol.Inputs, Preview: preview})
		want := `Volume "data": encrypted is immutable, and this update would change it from true to false. It is set when the resource is ` +
			`created and cannot change afterwards, and replacing the resource to change it would lose what the resource holds. Set it ` +
			`back to true to keep the resource, or replace the resource deliberately: pulumi up --replace '` + string(vol.URN) + `'`
		if status.Code(err) != codes.FailedPrecondition || status.Convert(err).Message() != want {
			t.Errorf("Update (preview %v) = %v\nwant %s", preview, err, want)
		}
	}
	if rec := record(t, d, vol.ID); rec["Encrypted"] != true {
		t.Errorf("the refused update changed the volume: %v", rec)
	}

	// A change of kind (replaces) replaces the volume: the engine creates the new one, encrypted or not.
	replacing := d.merge(decrypted, map[string]any{"kind": "hdd"})
	if diff := d.Diff(vol, replacing); !slices.Equal(diff.GetReplaces(), []string{"kind"}) {
		t.Errorf("Diff of kind and encrypted = %v, want a replacement on kind", diff)
	}
	replacement := d.create(compute.Volume, "data", replacing)
	if rec := record(t, d, replacement.ID); rec["Encrypted"] != false {
		t.Errorf("the replacement is %v, want it unencrypted", rec)
	}

	// Refresh: the cloud says the volume is not encrypted any more. Read records it, and the engine's
	// diff of the read inputs against the recorded ones is no error.
	rec := record(t, d, vol.ID)
	rec["Encrypted"] = false
	if err := d.cloud.Put(cloud.Kind(compute.Volume), resource.ID(vol.ID), rec); err != nil {
		t.Fatal(err)
	}
	read := d.read(vol)
	if got := unprops(t, read.Inputs)["encrypted"]; !got.IsBool() || got.BoolValue() {
		t.Fatalf("Read inputs = %v, want encrypted false", unprops(t, read.Inputs))
	}
	refresh, err := d.Client.Diff(context.Background(), &pulumirpc.DiffRequest{Id: vol.ID, Urn: string(vol.URN),
		Olds: read.Outputs, OldInputs: read.Inputs, News: vol.Inputs})
	if err != nil || refresh.GetChanges() != pulumirpc.DiffResponse_DIFF_SOME {
		t.Errorf("the refresh's Diff = %v, %v; want the change, no error", refresh, err)
	}
}

// record reads the cloud's record of the volume id.
func record(t *testing.T, d *driver, id string) map[string]any {
	t.Helper()
	var rec map[string]any
	if err := d.cloud.Get(cloud.Kind(compute.Volume), resource.ID(id), &rec); err != nil {
		t.Fatal(err)
	}
	return rec
}
