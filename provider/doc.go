// Package provider is the runtime of the Go provider stubs that cidlc generates (--out-provider): the
// codecs that generated code calls to read and write property values, the generic engines behind every
// generated TProvider of a resource and of a function, and the server that turns a set of them into a
// Pulumi resource provider plugin.
//
// A provider author never calls the codecs; the author writes, in the generated package, a type that
// implements TProviderOps for each resource and function T, a configure function that builds them for
// a provider instance's configuration, and a main:
//
//	func main() {
//		info := provider.Info{Name: acme.PluginName, Version: acme.PluginVersion} // from the stubs
//		err := provider.Serve(context.Background(), info, acme.NewProvider(configure))
//		if err != nil {
//			log.Fatal(err)
//		}
//	}
//
//	func configure(ctx context.Context, cfg *acme.Config) (*provider.Configured, error) {
//		client, err := connect(cfg) // fails early on bad credentials
//		if err != nil {
//			return nil, err
//		}
//		return &provider.Configured{
//			Resources: []provider.ResourceProvider{
//				compute.NewInstanceProvider(instanceOps{client}),
//				network.NewVPCProvider(vpcOps{client}),
//			},
//			Functions: []provider.FunctionProvider{compute.NewGetImageProvider(getImageOps{client})},
//			Close:     client.Close,
//		}, nil
//	}
//
// (An IDL without a configuration serves its resources with WithoutConfig instead.)
//
// # The configuration
//
// Each provider instance (the stack's default provider, and each explicit one) is a Server with a
// configuration of its own; the engine starts a plugin process per instance, but nothing here assumes
// it. The Configurer that the stubs' NewProvider makes answers the configuration's calls: CheckConfig
// decodes the engine's text (bare keys, JSON for what is not a string), applies the env= variables of
// the plugin's environment and the defaults, validates per property, makes the secret properties
// secret and keeps the engine's version key; DiffConfig replaces the provider (and so every resource it
// manages) only for a changed replaces property, and reports a new version of the plugin as an update
// of the provider, so that `pulumi up` shows the provider moving to it; Configure reports missing
// required keys as the engine's ConfigureErrorMissingKeys (<pkg>:<key>), then calls the author's
// ConfigureFunc with the typed configuration and serves what it returns. A resource call or an invoke
// before Configure fails with FailedPrecondition. Serve closes what configure acquired when the plugin shuts
// down. docs/gostub.md explains why ops get their configuration this way.
//
// # What the engine does for a generated resource
//
// Check validates a program's inputs against the IDL and reports every problem as a per-property check
// failure: a missing required property, a value of the wrong type, a property the resource does not
// declare, an out property set by the program, a value that is not one of its enum's values, a reference
// to a resource of the wrong type, an integer that is a fraction or out of its range, a value that breaks
// its contract (min=, pattern=, uniqueItems …, at any depth: the fields of structs are checked wherever
// the struct appears), a rule across properties (Rule, Object.Rules) or a check in CEL (ValueChecks,
// Object.Checks, which the stubs make with package idl/celcheck). Values that are not known
// yet (during a preview) are never a problem, and a secret is never shown in a message (and a failure
// about a secret property is given for the whole resource: the engine prints a failing property's value
// beside it). A named resource's name, when the program leaves it out, is the one the resource has, or
// one made up as the stack's autonaming configuration (which Handshake and Configure say the provider
// honours) or the IDL says: the resource's own name and a random suffix drawn from the engine's seed,
// or its own name itself (verbatim). Every input with a default= takes it when the program leaves it
// out; the checked inputs hold the name and those defaults, and the secret properties made secret. A
// write-only (in) input that a resource which exists without it (an import) still lacks is not asked
// for (naming.go).
//
// Diff compares the new inputs with the old ones property by property; a changed `replaces` property
// replaces the resource, deleting the old one first when a named resource's replacement keeps its name
// (the program's, or a verbatim one), which the cloud would refuse twice. Update refuses to change an
// `immutable` property, in the preview already: its error names the resource, the property, the old and
// new values (never a secret's) and the command that replaces the resource deliberately; a replacement,
// however caused, is not an update and goes ahead (immutable.go says why Update is the place). A
// resource whose every input replaces it has no Update, and the runtime never calls its ops for one.
// Create, Read, Update and Delete decode property maps into the generated marshaling struct, call the
// author's ops, and encode the struct back. Outputs never include `in` properties (Read keeps the
// program's value of them in the inputs, and an import leaves them out), an `out` property named id is
// the resource ID, and a property that was secret in the inputs stays secret in the outputs, as do the
// properties the IDL declares secret, everywhere.
//
// # Failing, waiting and speaking
//
// A Create that made its object and then failed (a role created, its membership refused), or an Update
// that made part of its changes, returns its error through Partial (a Create with the object's ID):
// the runtime answers the engine with ErrorResourceInitFailed, holding the ID and the properties as
// the ops left them, and the engine keeps the resource in its state; the next update finishes it (or
// replaces it, as the diff says), and destroy deletes it. Any other error says that nothing changed.
//
// The engine's timeout of an operation (a program's customTimeouts) is the deadline of the ops'
// context, and so is, when the program gives none, the resource's default from the IDL (Spec.Timeouts).
// A call that runs out of time fails with DeadlineExceeded and a message that names the timeout, where
// it comes from, and how to raise it; ops stop what they do when their context is done, and leave
// nothing half-done that they could have undone (a transaction is rolled back).
//
// Ops send messages about their resource through Log(ctx): debug, info, warning and error messages,
// and a status while they wait, which the engine shows under the resource. A Delete that finds its
// resource already gone (ErrNotFound) warns so.
//
// No secret is shown in plain text anywhere the plugin writes: property maps are marshaled without the
// SDK's logging of every value (wire.go), and the text of every secret an operation was given (and of
// the configuration's) is replaced by [secret] in its error and its messages. The plugin's log shows
// each call (verbosity 7).
//
// # Resources that evolved
//
// A resource declares the tokens it had before (the IDL's formerly=, Spec.Formerly): the runtime answers
// Read, Diff, Update and Delete for them as for the resource's own, refuses Check and Create by them
// (a program from before the change must be upgraded), and reads a reference by an earlier token in
// old state as a reference by the token now, so that a resource that refers to a moved one is not
// replaced for it (alias.go). A function answers its earlier tokens too.
//
// A resource whose state changed shape has a state version (stateVersion=, Spec.StateVersion) that
// every state and recorded inputs it returns carry, and a migration from each earlier version, which
// the runtime applies to old state and old inputs before anything reads them: a migration starts from
// what still decodes, must set or drop what does not, and its result must decode. A state that no
// migration makes readable fails with the resource, the property and the state version it came from
// (migrate.go says why a version rather than trying each migration).
//
// # What the engine does for a generated function
//
// Invoke checks the inputs as Check does, and fails a call whose inputs break the IDL's rules with
// per-property failures (not an error): the SDKs report them naming the property. It fills in the
// defaults, calls the author's ops (also in previews: programs need the results to plan), and returns
// the results they set; a *CheckError from the ops fails inputs as the rules do. A result the IDL
// declares secret is secret, and so is every result of a call whose inputs held a secret. An input not
// known yet never reaches the ops: the answer is empty, as the engine's for a provider it could not
// configure.
//
// # Testing a provider
//
// A provider's tests drive its plugin as the engine does with package
// github.com/cidlc/cidlc/providertest: over gRPC, in the test's process (a Server from NewServer) or as
// its executable, with a resource's whole life cycle in one call (Driver.LifeCycle); and they deploy a
// program under the real engine with github.com/cidlc/cidlc/providertest/enginetest. `cidlc init`
// writes a module with a test of each. A plugin's main never imports them.
//
// # What it must not do
//
// The codecs are plain typed code instantiated for the generated types: no reflection per call (only
// AnyValue falls back to reflection, for Go values that are not JSON-like). The runtime never touches
// the disk and keeps no state between calls but what an instance serves; whatever a provider remembers
// is the ops' business, and no state is global.
//
// Generated stubs and this package must come from the same cidlc version: the stubs refer to
// [StubsV1], which a release that changes the contract between them renames, so that stale stubs fail to
// compile instead of misbehaving.
package provider
