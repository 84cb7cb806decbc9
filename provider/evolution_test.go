package provider_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/status"

	"github.com/cidlc/cidlc/provider"
	"github.com/cidlc/cidlc/providertest"
)

// A provider whose resources evolved, written as cidlc generates one: a volume that moved from disk.go
// (test:disk:Volume) to storage/volume.go, and whose size was a string with its unit ("20GiB") before
// state version 1 made it a number of GiB; an attachment that refers to a volume and replaces when its
// volume changes; and a function that was called findVolume.

const (
	volumeType   tokens.Type = "test:storage/volume:Volume"
	oldVolume    tokens.Type = "test:disk:Volume"
	attachType   tokens.Type = "test:storage/volume:Attachment"
	getVolumeTok             = "test:storage/volume:getVolume"
	oldGetVolume             = "test:storage/volume:findVolume"
)

type volume struct {
	Name string
	Size float64
	Key  *string // secret
	ARN  *string // out
}

func (v *volume) unmarshal(o provider.Object) {
	v.Name = provider.Required(o, "name", provider.String[string])
	v.Size = provider.Required(o, "size", provider.Number[float64])
	v.Key = provider.Optional(o, "key", provider.String[string])
	v.ARN = provider.Output(o, "arn", provider.String[string])
}

func (v *volume) marshal() resource.PropertyMap {
	m := resource.PropertyMap{}
	provider.Put(m, "name", v.Name, provider.StringValue[string])
	provider.Put(m, "size", v.Size, provider.NumberValue[float64])
	provider.PutOptional(m, "key", v.Key, provider.StringValue[string])
	provider.PutOptional(m, "arn", v.ARN, provider.StringValue[string])
	return m
}

// volumeOps records what the runtime gave it, and migrates as an author would: the size's unit goes.
type volumeOps struct {
	read, updatedOld, deleted *volume
	migrated                  []provider.OldState
	broken                    bool // the migration forgets the size
	partial                   bool // Create makes the volume, then fails
}

func (o *volumeOps) Create(_ context.Context, _ resource.URN, v *volume) (resource.ID, error) {
	v.ARN = new("arn:" + v.Name)
	if o.partial {
		return "vol-1", provider.Partial(errors.New("the volume was made, but it did not attach"))
	}
	return "vol-1", nil
}

func (o *volumeOps) Read(_ context.Context, _ resource.ID, v *volume) error {
	o.read = v
	return nil
}

func (o *volumeOps) Update(_ context.Context, _ resource.ID, olds, _ *volume) error {
	o.updatedOld = olds
	return nil
}

func (o *volumeOps) Delete(_ context.Context, _ resource.ID, v *volume) error {
	o.deleted = v
	return nil
}

func (o *volumeOps) MigrateFrom0(_ context.Context, old provider.OldState, v *volume) error {
	o.migrated = append(o.migrated, old)
	if size, ok := old.String("size"); ok && !o.broken {
		n, _ := strings.CutSuffix(size, "GiB")
		var gib float64
		for _, d := range n {
			gib = gib*10 + float64(d-'0')
		}
		v.Size = gib
	}
	return nil
}

func newVolumeProvider(ops *volumeOps) *provider.Resource[volume] {
	return provider.NewResource(provider.Spec[volume]{
		Type:         volumeType,
		Named:        true,
		Properties:   []provider.Property{{Key: "name", Replaces: true}, {Key: "size"}, {Key: "key", Secret: true}, {Key: "arn", Out: true}},
		Unmarshal:    (*volume).unmarshal,
		Marshal:      (*volume).marshal,
		Formerly:     []tokens.Type{oldVolume},
		StateVersion: 1,
		Migrations:   []provider.Migration[volume]{ops.MigrateFrom0},
	}, ops, provider.Hooks[volume]{})
}

type attachment struct {
	Volume provider.Ref
	Device string
}

func (a *attachment) unmarshal(o provider.Object) {
	a.Volume = provider.Required(o, "volume", provider.RefTo(volumeType))
	a.Device = provider.Required(o, "device", provider.String[string])
}

func (a *attachment) marshal() resource.PropertyMap {
	m := resource.PropertyMap{}
	provider.Put(m, "volume", a.Volume, provider.RefValue)
	provider.Put(m, "device", a.Device, provider.StringValue[string])
	return m
}

type attachmentOps struct{}

func (attachmentOps) Create(context.Context, resource.URN, *attachment) (resource.ID, error) {
	return "att-1", nil
}

// Read reads the attachment back as a cloud record made before the move keeps it: the volume by its URN
// under the earlier token.
func (attachmentOps) Read(_ context.Context, _ resource.ID, a *attachment) error {
	a.Volume.URN = resource.NewURN(a.Volume.URN.Stack(), a.Volume.URN.Project(), "", oldVolume, a.Volume.URN.Name())
	return nil
}

func (attachmentOps) Update(context.Context, resource.ID, *attachment, *attachment) error { return nil }
func (attachmentOps) Delete(context.Context, resource.ID, *attachment) error              { return nil }

type getVolume struct {
	Name string
	Size float64
}

type getVolumeOps struct{}

func (getVolumeOps) Invoke(_ context.Context, v *getVolume) error {
	v.Size = 20
	return nil
}

// newAttachments is the evolved provider's attachment resource, whose state has no version.
func newAttachments() provider.ResourceProvider {
	return provider.NewResource(provider.Spec[attachment]{
		Type:       attachType,
		Properties: []provider.Property{{Key: "volume", Replaces: true}, {Key: "device"}},
		Unmarshal:  (*attachment).unmarshal,
		Marshal:    (*attachment).marshal,
	}, attachmentOps{}, provider.Hooks[attachment]{})
}

// serveEvolved serves the evolved provider over gRPC.
func serveEvolved(t *testing.T, ops *volumeOps) *providertest.Driver {
	t.Helper()
	attachments := newAttachments()
	getVolumes := provider.NewFunction(provider.FunctionSpec[getVolume]{
		Token:      getVolumeTok,
		Properties: []provider.Property{{Key: "name"}, {Key: "size", Out: true}},
		Unmarshal:  func(v *getVolume, o provider.Object) { v.Name = provider.Required(o, "name", provider.String[string]) },
		Marshal: func(v *getVolume) resource.PropertyMap {
			m := resource.PropertyMap{}
			provider.Put(m, "size", v.Size, provider.NumberValue[float64])
			return m
		},
		Formerly: []tokens.ModuleMember{oldGetVolume},
	}, getVolumeOps{})
	srv, err := provider.NewServer(provider.Info{Name: "test", Version: "2.0.0"}, provider.WithoutConfig(provider.Configured{
		Resources: []provider.ResourceProvider{newVolumeProvider(ops), attachments},
		Functions: []provider.FunctionProvider{getVolumes},
	}))
	if err != nil {
		t.Fatal(err)
	}
	return providertest.Serve(t, srv, "p")
}

// oldVolumeLive is a volume as a provider from before the move and state version 1 left it in a
// stack: under its earlier token, with the size as a string, and a secret key.
func oldVolumeLive(d *providertest.Driver) *providertest.Live {
	state := map[string]any{"name": "data", "size": "20GiB", "key": resource.MakeSecret(resource.NewProperty("k-123")), "arn": "arn:data"}
	inputs := map[string]any{"name": "data", "size": "20GiB", "key": resource.MakeSecret(resource.NewProperty("k-123"))}
	return &providertest.Live{URN: d.URN(oldVolume, "data"), ID: "vol-1", Inputs: providertest.Props(d.T, inputs), Outputs: providertest.Props(d.T, state)}
}

// TestEarlierTokenRead: a refresh by the earlier token, of a state of version 0, reaches the volume's
// ops with the state migrated, secrets kept; what it returns carries state version 1, and the
// migration saw the state and the inputs, one at a time.
func TestEarlierTokenRead(t *testing.T) {
	ops := &volumeOps{}
	d := serveEvolved(t, ops)
	l := oldVolumeLive(d)
	if !d.Refresh(l) {
		t.Fatal("the volume is gone after a refresh by its earlier token")
	}
	if ops.read == nil || ops.read.Size != 20 || ops.read.Key == nil || *ops.read.Key != "k-123" {
		t.Fatalf("Read got %+v, want the migrated state: size 20, key k-123", ops.read)
	}
	if len(ops.migrated) != 2 || ops.migrated[0].Inputs() || !ops.migrated[1].Inputs() || ops.migrated[0].Version() != 0 {
		t.Errorf("migrated %+v: want the state, then the inputs, of version 0", ops.migrated)
	}
	if got := ops.migrated[0].URN().Type(); got != volumeType {
		t.Errorf("the migration saw the URN of type %s, want the token now, %s", got, volumeType)
	}
	for what, m := range map[string]resource.PropertyMap{"outputs": d.Outputs(l), "inputs": providertest.Unprops(t, l.Inputs)} {
		if v := m["__stateVersion"]; !v.IsNumber() || v.NumberValue() != 1 {
			t.Errorf("the %s read back carry __stateVersion %v, want 1", what, v)
		}
		if !m["key"].IsSecret() {
			t.Errorf("the %s read back lost the key's secrecy: %v", what, m["key"])
		}
		if m["size"].NumberValue() != 20 {
			t.Errorf("the %s read back hold size %v, want 20", what, m["size"])
		}
	}
}

// TestEarlierTokenDiffUpdateDelete: Diff of the old state against the program's inputs, checked by
// this version, finds nothing to change; Update and Delete by the earlier token get the state migrated.
func TestEarlierTokenDiffUpdateDelete(t *testing.T) {
	ops := &volumeOps{}
	d := serveEvolved(t, ops)
	l := oldVolumeLive(d)
	inputs := map[string]any{"name": "data", "size": 20, "key": resource.MakeSecret(resource.NewProperty("k-123"))}
	l.URN = d.URN(volumeType, "data") // the engine diffs under the new URN, the old state found by alias
	if diff := d.Diff(l, inputs); diff.GetChanges() != pulumirpc.DiffResponse_DIFF_NONE {
		t.Errorf("Diff of the migrated state: %v %v, want no change", diff.GetChanges(), diff.GetDiffs())
	}
	l = oldVolumeLive(d)
	l.URN = d.URN(volumeType, "data") // the engine updates under the URN the program gives
	if err := d.Update(l, map[string]any{"name": "data", "size": 30}); err != nil {
		t.Fatalf("Update by the earlier token: %v", err)
	}
	if ops.updatedOld == nil || ops.updatedOld.Size != 20 {
		t.Errorf("Update's olds: %+v, want size 20", ops.updatedOld)
	}
	if err := d.Delete(oldVolumeLive(d)); err != nil {
		t.Fatalf("Delete by the earlier token: %v", err)
	}
	if ops.deleted == nil || ops.deleted.Size != 20 {
		t.Errorf("Delete got %+v, want size 20", ops.deleted)
	}
}

// TestEarlierTokenCheckRefused: a program from before the move cannot create a volume by the earlier
// token; the message says why.
func TestEarlierTokenCheckRefused(t *testing.T) {
	d := serveEvolved(t, &volumeOps{})
	_, err := d.Client.Check(context.Background(), &pulumirpc.CheckRequest{Urn: string(d.URN(oldVolume, "data")),
		News: providertest.Props(t, map[string]any{"name": "data", "size": 1})})
	if err == nil || !strings.Contains(err.Error(), "test:disk:Volume is the earlier token of test:storage/volume:Volume") ||
		!strings.Contains(err.Error(), "upgrade it") {
		t.Errorf("Check by the earlier token: %v", err)
	}
}

// TestStampedCreate: Check's inputs and Create's outputs carry the state version.
func TestStampedCreate(t *testing.T) {
	d := serveEvolved(t, &volumeOps{})
	l := d.MustCreate(volumeType, "data", map[string]any{"size": 5})
	for what, m := range map[string]resource.PropertyMap{"outputs": d.Outputs(l), "inputs": providertest.Unprops(t, l.Inputs)} {
		if v := m["__stateVersion"]; !v.IsNumber() || v.NumberValue() != 1 {
			t.Errorf("the %s of a new volume carry __stateVersion %v, want 1", what, v)
		}
	}
}

// TestStampedPartialCreate: the state that a partial Create gives the engine to keep (its
// ErrorResourceInitFailed) carries the state version too; without it, the next read would migrate a
// state of the current shape as if it were of version 0.
func TestStampedPartialCreate(t *testing.T) {
	d := serveEvolved(t, &volumeOps{partial: true})
	_, err := d.Create(volumeType, "data", map[string]any{"size": 5})
	var failed *pulumirpc.ErrorResourceInitFailed
	for _, detail := range status.Convert(err).Details() {
		if f, ok := detail.(*pulumirpc.ErrorResourceInitFailed); ok {
			failed = f
		}
	}
	if failed == nil {
		t.Fatalf("a partial Create: %v; want ErrorResourceInitFailed", err)
	}
	outs := providertest.Unprops(t, failed.GetProperties())
	if v := outs["__stateVersion"]; !v.IsNumber() || v.NumberValue() != 1 || failed.GetId() != "vol-1" {
		t.Errorf("the partial Create keeps id %q, outputs %v; want vol-1 and __stateVersion 1", failed.GetId(), outs)
	}
}

// TestReferenceByEarlierToken: an attachment's old inputs refer to its volume by the volume's URN under
// the earlier token; the program refers to it by its URN now. That is no change, which would replace
// the attachment.
func TestReferenceByEarlierToken(t *testing.T) {
	d := serveEvolved(t, &volumeOps{})
	ref := func(typ tokens.Type) resource.PropertyValue {
		return resource.MakeCustomResourceReference(d.URN(typ, "data"), "vol-1", "")
	}
	old := map[string]any{"volume": ref(oldVolume), "device": "/dev/sdb"}
	l := &providertest.Live{URN: d.URN(attachType, "a"), ID: "att-1", Inputs: providertest.Props(t, old), Outputs: providertest.Props(t, old)}
	if diff := d.Diff(l, map[string]any{"volume": ref(volumeType), "device": "/dev/sdb"}); diff.GetChanges() != pulumirpc.DiffResponse_DIFF_NONE {
		t.Errorf("Diff of a reference by the earlier token: %v, replaces %v; want no change", diff.GetChanges(), diff.GetReplaces())
	}
	if diff := d.Diff(l, map[string]any{"volume": resource.MakeCustomResourceReference(d.URN(volumeType, "other"), "vol-2", ""), "device": "/dev/sdb"}); len(diff.GetReplaces()) != 1 {
		t.Errorf("Diff to another volume: replaces %v, want volume", diff.GetReplaces())
	}
	// A refresh returns the reference by the URN now, whatever the ops read back.
	if !d.Refresh(l) {
		t.Fatal("the attachment is gone after a refresh")
	}
	for what, m := range map[string]resource.PropertyMap{"outputs": d.Outputs(l), "inputs": providertest.Unprops(t, l.Inputs)} {
		if got := m["volume"].ResourceReferenceValue(); got.URN != d.URN(volumeType, "data") || got.Type != string(volumeType) {
			t.Errorf("the %s read back refer to the volume as %s (%s), want its URN and type now", what, got.URN, got.Type)
		}
	}
}

// TestEarlierFunctionToken: a call by the function's earlier token is answered.
func TestEarlierFunctionToken(t *testing.T) {
	d := serveEvolved(t, &volumeOps{})
	got, failures, err := d.Invoke(oldGetVolume, map[string]any{"name": "data"})
	if err != nil || len(failures) > 0 || got["size"].NumberValue() != 20 {
		t.Errorf("Invoke %s: %v %v %v", oldGetVolume, got, failures, err)
	}
}

// TestStateOfANewerVersion: a state that a newer provider wrote is refused, naming both versions.
func TestStateOfANewerVersion(t *testing.T) {
	d := serveEvolved(t, &volumeOps{})
	l := &providertest.Live{URN: d.URN(volumeType, "data"), ID: "vol-1",
		Outputs: providertest.Props(t, map[string]any{"name": "data", "size": 20, "__stateVersion": 2})}
	_, err := d.Client.Read(context.Background(), &pulumirpc.ReadRequest{Id: l.ID, Urn: string(l.URN), Properties: l.Outputs})
	if err == nil || !strings.Contains(err.Error(), "written by state version 2 of Volume, and this provider knows versions up to 1") {
		t.Errorf("Read of a state of version 2: %v", err)
	}
}

// TestBrokenMigration: a migration that leaves the state undecodable fails, naming the resource, the
// property, the version and the migration.
func TestBrokenMigration(t *testing.T) {
	d := serveEvolved(t, &volumeOps{broken: true})
	l := oldVolumeLive(d)
	_, err := d.Client.Read(context.Background(), &pulumirpc.ReadRequest{Id: l.ID, Urn: string(l.URN), Properties: l.Outputs, Inputs: l.Inputs})
	t.Log(err)
	for _, want := range []string{"test:storage/volume:Volume data", "MigrateFrom0 left size as it found it", "state version 0", `size: `, "old.Drop"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Read through a broken migration: %v; want it to say %q", err, want)
		}
	}
}

// TestUndecodableStateWithoutMigration: a resource whose state's shape changed without a new state
// version fails to read it, naming the resource, the property and the state version, and saying how to
// migrate it.
func TestUndecodableStateWithoutMigration(t *testing.T) {
	attachments := newAttachments()
	srv, err := provider.NewServer(provider.Info{Name: "test", Version: "2.0.0"}, provider.WithoutConfig(provider.Configured{
		Resources: []provider.ResourceProvider{attachments},
	}))
	if err != nil {
		t.Fatal(err)
	}
	d := providertest.Serve(t, srv, "p")
	_, err = d.Client.Read(context.Background(), &pulumirpc.ReadRequest{Id: "att-1", Urn: string(d.URN(attachType, "a")),
		Properties: providertest.Props(t, map[string]any{"device": 7})})
	t.Log(err)
	for _, want := range []string{"test:storage/volume:Attachment att-1", "state version 0", "device: ", "stateVersion to 1", "MigrateFrom0"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Read of an undecodable state: %v; want it to say %q", err, want)
		}
	}
}

// TestEarlierTokenClaimedTwice: two resources cannot answer one earlier token, nor a resource the
// token of another.
func TestEarlierTokenClaimedTwice(t *testing.T) {
	v := newVolumeProvider(&volumeOps{})
	other := provider.NewResource(provider.Spec[attachment]{
		Type: attachType, Unmarshal: (*attachment).unmarshal, Marshal: (*attachment).marshal, Formerly: []tokens.Type{oldVolume},
	}, attachmentOps{}, provider.Hooks[attachment]{})
	_, err := provider.NewServer(provider.Info{Name: "test"}, provider.WithoutConfig(provider.Configured{Resources: []provider.ResourceProvider{v, other}}))
	if err == nil || !strings.Contains(err.Error(), "both declare the earlier token test:disk:Volume") {
		t.Errorf("two resources with one earlier token: %v", err)
	}
	self := provider.NewResource(provider.Spec[attachment]{
		Type: attachType, Unmarshal: (*attachment).unmarshal, Marshal: (*attachment).marshal, Formerly: []tokens.Type{volumeType},
	}, attachmentOps{}, provider.Hooks[attachment]{})
	_, err = provider.NewServer(provider.Info{Name: "test"}, provider.WithoutConfig(provider.Configured{Resources: []provider.ResourceProvider{v, self}}))
	if err == nil || !strings.Contains(err.Error(), "which is served now") {
		t.Errorf("an earlier token that is served now: %v", err)
	}
}
