// Package enginetest deploys a provider under the real Pulumi engine from a Go test of the provider's
// own repository: a TypeScript program written against the provider's generated package (cidlc
// --out-pack), with the provider's plugin built from its source for the test, offline, in a stack of a
// local backend that the test removes.
//
//	func TestE2E(t *testing.T) {
//		st := enginetest.Up(t, enginetest.Program{
//			Plugin: "../cmd/pulumi-resource-files", // the plugin's Go package
//			Pack:   "../pack",                      // the generated package, npm installed
//			Files:  []string{"testdata/index.ts"},  // the program
//			Config: map[string]string{"files:root": t.TempDir()},
//		})
//		if got := st.Outputs["digest"].Value; got != want { … }    // the program's outputs
//		file := st.Resource("files:file:File", "greeting")          // the engine's state
//	}
//
// Up runs `pulumi up`, then a second `pulumi preview`, which must find nothing to do, and exports the
// stack's state; when the test ends, `pulumi destroy` must leave the stack empty. Prepare does the
// preparation alone, for a test that runs programs of its own (cidlc's end-to-end tests drive the
// Automation API from TypeScript).
//
// What it needs, found or skipped with a message that says how to get it: the Pulumi CLI (`pulumi` on
// $PATH, or Program.CLI), Node.js, and a node_modules with @pulumi/pulumi and typescript (`npm install`
// in the generated package installs both; Program.NodeTools names another). It needs no language plugin
// of Pulumi's (pulumi-language-nodejs): the program runs as an Automation API inline program, in a
// Node.js process the test starts. The engine runs the plugin that the test built, never one installed
// or downloaded: the stack's project names its path, and plugin acquisition is off. Nothing outside
// the test's scratch directory is read or written: $HOME, $PULUMI_HOME, $TMPDIR and the backend are
// there, and the user's PULUMI_* settings (an access token, a backend) are not passed on.
//
// # What it must not do
//
// It is for tests, never a plugin's main. It imports nothing of cidlc's: it drives any provider whose
// TypeScript package and plugin it is given.
package enginetest
