// Package providertest drives a provider plugin the way the Pulumi engine does, for the tests of a
// provider built with cidlc: over real gRPC, through a loopback listener and the real pulumirpc client,
// with property maps marshaled as the engine of Pulumi v3.256.0 marshals them (secrets, unknowns and
// resource references kept, the configuration as text from a stack), so that what passes here passes
// under `pulumi up`.
//
// The plugin runs in the test's process (Start, with the *provider.Server that the plugin's main would
// serve) or as its executable (StartPlugin, after Build), and the engine's side of the conversation is
// a Driver: Configure, then Check, Create, Diff, Update, Read, Delete and Invoke, each returning what a
// test asserts on (check failures as "property: reason", the provider's errors, outputs). Its Engine
// keeps what the provider logs. A LifeCycle runs a resource through everything the engine does to it,
// comparing what the provider reads back with what it made at every step:
//
//	func TestFile(t *testing.T) {
//		srv, err := provider.NewServer(pluginInfo, files.NewProvider(configure))
//		if err != nil {
//			t.Fatal(err)
//		}
//		d := providertest.Start(t, srv)
//		d.MustConfigure(map[string]any{"root": t.TempDir()})
//		d.LifeCycle(providertest.LifeCycle{
//			Type:    files.File,
//			Name:    "greeting",
//			Create:  map[string]any{"path": "hello.txt", "content": "Hello"},
//			Update:  map[string]any{"content": "Hello, world"},
//			Replace: map[string]any{"path": "hi.txt"},
//		})
//	}
//
// Property values are Go values that resource.NewPropertyValue takes (string, float64, bool, []any,
// map[string]any), and resource.PropertyValue for the others: Secret, Ref (a reference to a live
// resource), resource.MakeComputed (a value not known yet), assets and archives.
//
// # What it must not do
//
// It is for tests: a plugin's main never imports it, so that it never ships in a plugin (cidlc's own
// TestPluginsLinkTheRuntimeOnly holds the examples to it). It imports nothing of cidlc's, so that it
// drives any plugin that speaks the protocol, and so that the tests of the runtime (package provider)
// can use it too. It never mocks the engine's decisions it does not know: where the engine would ask
// the user (a preview, a confirmation), the Driver does what `pulumi up --yes` does.
package providertest
