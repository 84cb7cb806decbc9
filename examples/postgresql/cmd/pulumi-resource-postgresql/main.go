// Command pulumi-resource-postgresql is the PostgreSQL provider plugin: the stubs that cidlc generates
// from examples/postgresql/idl, with the hand-written ops beside them (examples/postgresql/provider),
// served over the Pulumi provider protocol. The engine starts it once per provider instance and
// configures it with the server to manage.
package main

import (
	"context"
	_ "embed"
	"log"

	postgresql "github.com/cidlc/cidlc/examples/postgresql/provider"
	"github.com/cidlc/cidlc/provider"
)

// schema is the Pulumi package schema that cidlc generates beside this file (--out-schema), so that
// GetSchema and the IDL can never disagree: a stale schema fails cidlc --check.
//
//go:embed schema.json
var schema []byte

// pluginInfo says who the plugin is: the engine finds it as pulumi-resource-<Name>, and runs it by
// Version. Both come from the stubs, which declare the version cidlc was given (--pkg-version), so that
// the plugin, its schema and the package cannot disagree.
var pluginInfo = provider.Info{Name: postgresql.PluginName, Version: postgresql.PluginVersion, Schema: schema}

func main() {
	if err := provider.Serve(context.Background(), pluginInfo, postgresql.NewProvider(postgresql.Configure)); err != nil {
		log.Fatal(err)
	}
}
