package main

import (
	"context"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/protobuf/types/known/structpb"

	acme "github.com/cidlc/cidlc/examples/provider"
	"github.com/cidlc/cidlc/examples/provider/cloud"
	"github.com/cidlc/cidlc/internal/testsupport/providertest"
	"github.com/cidlc/cidlc/provider"
)

// The tests drive the provider the way the Pulumi engine does: over gRPC, through a real listener and
// the real pulumirpc client, with property maps marshaled by the SDK.

// driver is a provider serving on a local port, a client connected to it, and the cloud behind it.
type driver struct {
	t      testing.TB
	client pulumirpc.ResourceProviderClient
	cloud  *cloud.Cloud
	// live are the resources created so far, by name.
	live map[string]*live
}

// live is a created resource as the engine remembers it.
type live struct {
	urn     resource.URN
	id      string
	inputs  *structpb.Struct
	outputs *structpb.Struct
}

// testToken is an API token that Acme Cloud accepts: the tests configure their providers with it.
var testToken = cloud.NewToken()

// start serves the provider over gRPC on 127.0.0.1, kept in a fresh cloud directory, and configures it
// with testToken.
func start(t testing.TB) *driver {
	t.Helper()
	d := serve(t)
	if _, failures, err := configureProvider(d.client, map[string]any{"apiToken": testToken}); err != nil || len(failures) > 0 {
		t.Fatalf("configuring the provider: %v %v", failures, err)
	}
	return d
}

// serve serves a provider instance over gRPC on 127.0.0.1, kept in a fresh cloud directory, not
// configured yet.
func serve(t testing.TB) *driver {
	t.Helper()
	return serveIn(t, t.TempDir())
}

// serveIn serves a provider instance of the cloud kept in dir, not configured yet.
func serveIn(t testing.TB, dir string) *driver {
	t.Helper()
	d, _ := serveLogged(t, dir)
	return d
}

// serveLogged is serveIn, with the instance's messages going to an engine of the test's.
func serveLogged(t testing.TB, dir string) (*driver, *providertest.Engine) {
	t.Helper()
	c, err := cloud.Open(dir) // the tests' own view of the cloud
	if err != nil {
		t.Fatal(err)
	}
	srv, err := provider.NewServer(pluginInfo, acme.NewProvider(configure(dir)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	engine := providertest.NewEngine(t)
	srv.LogTo(engine.Client)
	client := providertest.Serve(t, srv, "acme").Client
	return &driver{t: t, client: client, cloud: c, live: map[string]*live{}}, engine
}

// providerURN is the URN of the stack's default provider.
const providerURN = "urn:pulumi:dev::acme-test::pulumi:providers:acme::default_0_1_0"

// configureProvider configures a provider instance as the engine does: CheckConfig on the configuration,
// given as the engine sends a stack's (bare keys, every value text, secrets in the clear, the plugin's
// version added), then Configure with the checked inputs, secrets as secrets. It returns the checked
// inputs, CheckConfig's failures as "property: reason", and Configure's error; with failures, Configure
// is not called.
func configureProvider(client pulumirpc.ResourceProviderClient, config map[string]any) (resource.PropertyMap, []string, error) {
	news := resource.NewPropertyMapFromMap(config)
	news["version"] = resource.NewProperty(pluginInfo.Version)
	checked, failures, err := checkConfig(client, news)
	if err != nil || len(failures) > 0 {
		return checked, failures, err
	}
	args, err := plugin.MarshalProperties(checked, plugin.MarshalOptions{KeepSecrets: true})
	if err != nil {
		return nil, nil, err
	}
	_, err = client.Configure(context.Background(), &pulumirpc.ConfigureRequest{Args: args, AcceptSecrets: true, AcceptResources: true})
	return checked, nil, err
}

// urn is the URN of the resource name of type typ in the test stack.
func urn(typ tokens.Type, name string) resource.URN {
	return resource.NewURN("dev", "acme-test", "", typ, name)
}

// props and unprops marshal property values as the engine does, and back: providertest's.
var (
	props   = providertest.Props
	unprops = providertest.Unprops
)

// ref is a reference to the live resource name, as the engine passes a resource to another.
func (d *driver) ref(name string) resource.PropertyValue {
	d.t.Helper()
	l := d.live[name]
	if l == nil {
		d.t.Fatalf("no live resource %s", name)
	}
	return resource.MakeCustomResourceReference(l.urn, resource.ID(l.id), "")
}

// check runs Check and returns the checked inputs and the failures as "property: reason".
func (d *driver) check(u resource.URN, news *structpb.Struct) (*structpb.Struct, []string) {
	d.t.Helper()
	return d.checkOf(u, nil, news)
}

// checkOf is check of a resource whose recorded inputs are olds, as the engine checks a resource that
// exists, with a seed of its own.
func (d *driver) checkOf(u resource.URN, olds, news *structpb.Struct) (*structpb.Struct, []string) {
	d.t.Helper()
	seed := []byte(cloud.RandomHex(16))
	resp, err := d.client.Check(context.Background(), &pulumirpc.CheckRequest{Urn: string(u), Olds: olds, News: news, Name: u.Name(),
		Type: string(u.Type()), RandomSeed: seed})
	if err != nil {
		d.t.Fatalf("Check %s: %v", u, err)
	}
	var failures []string
	for _, f := range resp.GetFailures() {
		failures = append(failures, f.GetProperty()+": "+f.GetReason())
	}
	return resp.GetInputs(), failures
}

// create checks the inputs, creates the resource and remembers it as name.
func (d *driver) create(typ tokens.Type, name string, inputs map[string]any) *live {
	d.t.Helper()
	u := urn(typ, name)
	checked, failures := d.check(u, props(d.t, inputs))
	if len(failures) > 0 {
		d.t.Fatalf("Check %s: %v", name, failures)
	}
	resp, err := d.client.Create(context.Background(), &pulumirpc.CreateRequest{Urn: string(u), Properties: checked})
	if err != nil {
		d.t.Fatalf("Create %s: %v", name, err)
	}
	if resp.GetId() == "" {
		d.t.Fatalf("Create %s returned no ID", name)
	}
	l := &live{urn: u, id: resp.GetId(), inputs: checked, outputs: resp.GetProperties()}
	d.live[name] = l
	return l
}
