package main

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/cidlc/cidlc/examples/provider/iam"
	"github.com/cidlc/cidlc/examples/provider/network"
	"github.com/cidlc/cidlc/examples/provider/storage"
)

// computed is a value not known yet, as the engine sends it during a preview.
var computed = resource.MakeComputed(resource.NewProperty(""))

// TestPreview runs a preview: inputs that depend on resources not created yet are unknown. Check
// accepts them, Create predicts outputs without creating anything, and Diff counts an unknown value as
// a change.
func TestPreview(t *testing.T) {
	d := start(t)
	u := urn(network.Subnet, "later")
	checked, failures := d.Check(u, map[string]any{"vpc": computed, "cidrBlock": computed, "tags": map[string]any{"team": computed}})
	if len(failures) > 0 {
		t.Fatalf("Check with unknown values: %v", failures)
	}
	create, err := d.Client.Create(context.Background(), &pulumirpc.CreateRequest{Urn: string(u), Properties: checked, Preview: true})
	if err != nil {
		t.Fatal(err)
	}
	outs := unprops(t, create.GetProperties())
	if create.GetId() != "" || !outs["availableIPCount"].IsComputed() || !outs["cidrBlock"].IsComputed() {
		t.Errorf("preview Create = %q %v; want no ID, the inputs, and unknown outputs", create.GetId(), outs)
	}
	if ids, _ := d.cloud.List("network/Subnet"); len(ids) > 0 {
		t.Errorf("a preview created %v", ids)
	}

	vpc := d.create(network.VPC, "net", map[string]any{"name": "net", "cidrBlock": "10.0.0.0/16", "region": "us-west-1"})
	unknownRegion := props(t, map[string]any{"cidrBlock": "10.0.0.0/16", "region": computed, "name": "net"})
	diff, err := d.Client.Diff(context.Background(), &pulumirpc.DiffRequest{Id: vpc.ID, Urn: string(vpc.URN), Olds: vpc.Outputs, News: unknownRegion, OldInputs: vpc.Inputs})
	if err != nil {
		t.Fatal(err)
	}
	if diff.GetChanges() != pulumirpc.DiffResponse_DIFF_SOME || strings.Join(diff.GetReplaces(), ",") != "region" {
		t.Errorf("Diff with an unknown replaces property = %v; want a replacement on region", diff)
	}
	update, err := d.Client.Update(context.Background(), &pulumirpc.UpdateRequest{Id: vpc.ID, Urn: string(vpc.URN), Olds: vpc.Outputs,
		News: props(t, map[string]any{"cidrBlock": "10.0.0.0/16", "region": "us-west-1", "name": "net", "enableDNSHostnames": computed}), Preview: true})
	if err != nil {
		t.Fatal(err)
	}
	if outs := unprops(t, update.GetProperties()); !outs["enableDNSHostnames"].IsComputed() || !outs["arn"].DeepEquals(unprops(t, vpc.Outputs)["arn"]) {
		t.Errorf("preview Update = %v; want the new inputs and the old outputs", outs)
	}
}

// TestSecrets: a value that is secret in the inputs stays secret in the outputs, through Create, Read
// and Update; an `in` property, secret or not, is never returned.
func TestSecrets(t *testing.T) {
	d := start(t)
	secret := func(v any) resource.PropertyValue { return resource.MakeSecret(resource.NewPropertyValue(v)) }
	vpc := d.create(network.VPC, "net", map[string]any{"cidrBlock": secret("10.0.0.0/16"), "region": "us-west-1",
		"tags": map[string]any{"cost-center": secret("42")}})
	outs := unprops(t, vpc.Outputs)
	if !outs["cidrBlock"].IsSecret() || !outs["tags"].IsSecret() || outs["region"].IsSecret() {
		t.Errorf("Create outputs = %v; want cidrBlock and tags secret, region not", outs)
	}
	read := d.read(vpc)
	if outs := unprops(t, read.Outputs); !outs["cidrBlock"].IsSecret() {
		t.Errorf("Read outputs = %v; want cidrBlock secret", outs)
	}
	if ins := unprops(t, read.Inputs); !ins["cidrBlock"].IsSecret() {
		t.Errorf("Read inputs = %v; want cidrBlock secret", ins)
	}
	d.update(vpc, map[string]any{"cidrBlock": secret("10.0.0.0/16"), "region": secret("us-west-1")})
	if outs := unprops(t, vpc.Outputs); !outs["cidrBlock"].IsSecret() || !outs["region"].IsSecret() || outs["arn"].IsSecret() {
		t.Errorf("Update outputs = %v; want cidrBlock and region secret, arn not", outs)
	}
	user := d.create(iam.User, "bob", map[string]any{"password": secret("correct horse battery")})
	if _, ok := unprops(t, user.Outputs)["password"]; ok {
		t.Errorf("Create returned the in property password: %v", unprops(t, user.Outputs))
	}
}

// TestImport reads a resource that the engine knows only by ID, as `pulumi import` does: Read returns
// its outputs and, as inputs, every input property read, but a write-only one (a user's password, of
// which Acme Cloud keeps a hash); the engine's Check of what was read then finds nothing wrong.
func TestImport(t *testing.T) {
	d := start(t)
	b := d.create(storage.Bucket, "site", map[string]any{"region": "eu-west-1", "versioning": true})
	imported, err := d.Import(storage.Bucket, "imported", b.ID)
	if err != nil || imported == nil {
		t.Fatalf("Read of an import: %v %v", imported, err)
	}
	ins := unprops(t, imported.Inputs)
	want := resource.PropertyMap{"name": unprops(t, b.Outputs)["name"], "region": resource.NewProperty("eu-west-1"), "versioning": resource.NewProperty(true)}
	if imported.ID != b.ID || !ins.DeepEquals(want) {
		t.Errorf("Read of an import = %s %v; want %s %v", imported.ID, ins, b.ID, want)
	}

	u := d.create(iam.User, "bob", map[string]any{"password": resource.MakeSecret(resource.NewProperty("correct horse battery")), "path": "/ops/"})
	user, err := d.Import(iam.User, "imported", u.ID)
	if err != nil || user == nil {
		t.Fatalf("Read of an imported user: %v %v", user, err)
	}
	ins = unprops(t, user.Inputs)
	if _, ok := ins["password"]; ok || !ins["path"].DeepEquals(resource.NewProperty("/ops/")) {
		t.Errorf("Read of an imported user = %v; want its inputs, without the password", ins)
	}
	if _, failures := d.CheckOf(user.URN, user.Inputs, ins.Mappable()); len(failures) > 0 {
		t.Errorf("pulumi import's Check of the user it read: %v", failures)
	}
}

// TestUnknownType: a resource type the provider does not serve is an error that names it.
func TestUnknownType(t *testing.T) {
	d := start(t)
	_, err := d.Client.Check(context.Background(), &pulumirpc.CheckRequest{Urn: string(urn("acme:network/vpc:Gateway", "gw"))})
	if status.Code(err) != codes.InvalidArgument || !strings.Contains(err.Error(), "unknown resource type acme:network/vpc:Gateway") {
		t.Errorf("Check of an unknown type: %v; want an InvalidArgument error naming it", err)
	}
	_, err = d.Client.Create(context.Background(), &pulumirpc.CreateRequest{Urn: "not a urn"})
	if status.Code(err) != codes.InvalidArgument {
		t.Errorf("Create with a bad URN: %v; want InvalidArgument", err)
	}
}

// TestProviderCalls covers what the engine asks a provider before and after the resources. (The
// configuration's calls have tests of their own: see config_test.go.)
func TestProviderCalls(t *testing.T) {
	d := serve(t)
	ctx := context.Background()
	info, err := d.Client.GetPluginInfo(ctx, &emptypb.Empty{})
	if err != nil || info.GetVersion() != pluginInfo.Version {
		t.Errorf("GetPluginInfo = %v, %v", info, err)
	}
	hs, err := d.Client.Handshake(ctx, &pulumirpc.ProviderHandshakeRequest{})
	if err != nil || !hs.GetAcceptSecrets() || !hs.GetAcceptResources() {
		t.Errorf("Handshake = %v, %v", hs, err)
	}
	// Before Configure, a resource call or an invoke fails, and says why.
	_, err = d.Client.Check(ctx, &pulumirpc.CheckRequest{Urn: string(urn(storage.Bucket, "early"))})
	if status.Code(err) != codes.FailedPrecondition || !strings.Contains(err.Error(), "provider acme is not configured") {
		t.Errorf("Check before Configure: %v; want FailedPrecondition, saying the provider is not configured", err)
	}
	_, err = d.Client.Invoke(ctx, &pulumirpc.InvokeRequest{Tok: string(network.ListZones)})
	if status.Code(err) != codes.FailedPrecondition || !strings.Contains(err.Error(), "provider acme is not configured") {
		t.Errorf("Invoke before Configure: %v; want FailedPrecondition, saying the provider is not configured", err)
	}
	args := props(t, map[string]any{"apiToken": resource.MakeSecret(resource.NewProperty(testToken)), "version": pluginInfo.Version})
	cfg, err := d.Client.Configure(ctx, &pulumirpc.ConfigureRequest{Args: args})
	if err != nil || !cfg.GetAcceptSecrets() || !cfg.GetAcceptResources() || !cfg.GetSupportsPreview() {
		t.Errorf("Configure = %v, %v", cfg, err)
	}
	if _, err := d.Client.Configure(ctx, &pulumirpc.ConfigureRequest{Args: args}); status.Code(err) != codes.FailedPrecondition {
		t.Errorf("a second Configure: %v; want FailedPrecondition", err)
	}
	// GetSchema serves exactly the schema cidlc generated from the IDL (embedded from schema.json).
	want, err := os.ReadFile("schema.json")
	if err != nil {
		t.Fatal(err)
	}
	schema, err := d.Client.GetSchema(ctx, &pulumirpc.GetSchemaRequest{})
	if err != nil || schema.GetSchema() != string(want) || !strings.Contains(string(want), `"acme:network/vpc:VPC"`) {
		t.Errorf("GetSchema = %.200v…, %v; want the generated schema.json", schema.GetSchema(), err)
	}
	if _, err := d.Client.Cancel(ctx, &emptypb.Empty{}); err != nil {
		t.Errorf("Cancel: %v", err)
	}
}
