package main

import (
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"

	acme "github.com/cidlc/cidlc/examples/provider"
	"github.com/cidlc/cidlc/examples/provider/cloud"
	"github.com/cidlc/cidlc/provider"
	"github.com/cidlc/cidlc/providertest"
)

// The tests drive the provider the way the Pulumi engine does, with package providertest: over gRPC,
// through a real listener and the real pulumirpc client, with property maps marshaled as the engine
// marshals them.

// driver is a provider instance served on a local port by providertest, and the cloud behind it.
type driver struct {
	*providertest.Driver
	cloud *cloud.Cloud
	// live are the resources created so far, by name.
	live map[string]*providertest.Live
}

// testToken is an API token that Acme Cloud accepts: the tests configure their providers with it.
var testToken = cloud.NewToken()

// start serves the provider over gRPC on 127.0.0.1, kept in a fresh cloud directory, and configures it
// with testToken.
func start(t testing.TB) *driver {
	t.Helper()
	d := serve(t)
	if _, failures, err := d.configure(map[string]any{"apiToken": testToken}); err != nil || len(failures) > 0 {
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

// serveIn serves a provider instance of the cloud kept in dir, not configured yet; its messages go to
// the driver's Engine.
func serveIn(t testing.TB, dir string) *driver {
	t.Helper()
	c, err := cloud.Open(dir) // the tests' own view of the cloud
	if err != nil {
		t.Fatal(err)
	}
	srv, err := provider.NewServer(pluginInfo, acme.NewProvider(configure(dir)))
	if err != nil {
		t.Fatal(err)
	}
	d := &driver{Driver: providertest.Start(t, srv), cloud: c, live: map[string]*providertest.Live{}}
	d.Project = "acme-test"
	return d
}

// configure configures the provider instance as the engine configures a stack's (the values as text,
// the plugin's version added): it returns the checked inputs, CheckConfig's failures as "property:
// reason", and Configure's error; with failures, Configure is not called.
func (d *driver) configure(config map[string]any) (resource.PropertyMap, []string, error) {
	d.T.Helper()
	checked, failures, err := d.CheckConfig(config, pluginInfo.Version)
	if err != nil || len(failures) > 0 {
		return checked, failures, err
	}
	return checked, nil, d.ConfigureChecked(checked, pluginInfo.Version)
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
	d.T.Helper()
	l := d.live[name]
	if l == nil {
		d.T.Fatalf("no live resource %s", name)
	}
	return providertest.Ref(l)
}

// create checks the inputs, creates the resource and remembers it as name.
func (d *driver) create(typ tokens.Type, name string, inputs map[string]any) *providertest.Live {
	d.T.Helper()
	l := d.MustCreate(typ, name, inputs)
	d.live[name] = l
	return l
}

// read reads the live resource as a refresh does, and returns what Read gave, leaving l as it is; the
// resource must exist.
func (d *driver) read(l *providertest.Live) *providertest.Live {
	d.T.Helper()
	read := *l
	if !d.Refresh(&read) {
		d.T.Fatalf("Read %s: not found", l.URN)
	}
	return &read
}

// update checks the new inputs and updates the live resource with them.
func (d *driver) update(l *providertest.Live, inputs map[string]any) {
	d.T.Helper()
	if err := d.Update(l, inputs); err != nil {
		d.T.Fatalf("Update %s: %v", l.URN.Name(), err)
	}
}
