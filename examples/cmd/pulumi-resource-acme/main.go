// Command pulumi-resource-acme is the Acme Cloud provider plugin: the generated stubs of examples/idl
// (in examples/provider) with the hand-written ops beside them, served over the Pulumi provider
// protocol. The engine starts it, once per provider instance, and configures it; it keeps the pretend
// cloud in $ACME_STATE_DIR.
package main

import (
	"context"
	_ "embed"
	"log"
	"slices"

	acme "github.com/cidlc/cidlc/examples/provider"
	"github.com/cidlc/cidlc/examples/provider/cloud"
	"github.com/cidlc/cidlc/examples/provider/compute"
	"github.com/cidlc/cidlc/examples/provider/iam"
	"github.com/cidlc/cidlc/examples/provider/network"
	"github.com/cidlc/cidlc/examples/provider/storage"
	"github.com/cidlc/cidlc/provider"
)

// schema is the Pulumi package schema that cidlc generates beside this file (--out-schema, run by the
// `go generate` directive of examples/idl), so that GetSchema and the IDL can never disagree: a stale
// schema fails cidlc --check.
//
//go:embed schema.json
var schema []byte

// pluginInfo says who the plugin is: the engine finds it as pulumi-resource-<Name>, and installs and runs
// it by Version. Both come from the stubs, which declare the version cidlc was given (--pkg-version,
// in the go:generate directive of examples/idl), the one the TypeScript package of the same run asks
// the engine for.
var pluginInfo = provider.Info{Name: acme.PluginName, Version: acme.PluginVersion, Schema: schema}

func main() {
	if err := provider.Serve(context.Background(), pluginInfo, acme.NewProvider(configure(cloud.DirFromEnv()))); err != nil {
		log.Fatal(err)
	}
}

// configure returns the function that configures each provider instance: it connects to the cloud kept
// in dir with the instance's configuration (which checks the token, so that a bad one fails before any
// resource is touched), and serves every resource type and function over that connection.
func configure(dir string) provider.ConfigureFunc[acme.Config] {
	return func(_ context.Context, cfg *acme.Config) (*provider.Configured, error) {
		c, err := cloud.Connect(dir, cfg)
		if err != nil {
			return nil, err
		}
		return &provider.Configured{Resources: resources(c), Functions: functions(c)}, nil
	}
}

// resources are the providers of every Acme Cloud resource, kept in c.
func resources(c *cloud.Cloud) []provider.ResourceProvider {
	return slices.Concat(compute.Providers(c), iam.Providers(c), network.Providers(c), storage.Providers(c))
}

// functions are the providers of every Acme Cloud function, answered from c.
func functions(c *cloud.Cloud) []provider.FunctionProvider {
	return slices.Concat(compute.Functions(c), network.Functions(c), storage.Functions(c))
}
