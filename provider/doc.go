// Package provider is the runtime of the Go provider stubs that cidlc generates (--out-provider): the
// codecs that generated code calls to read and write property values, the generic resource engine
// behind every generated TProvider, and the server that turns a set of them into a Pulumi resource
// provider plugin.
//
// A provider author never calls the codecs; the author writes, in the generated package, a type that
// implements TProviderOps for each resource T, and a main:
//
//	func main() {
//		err := provider.Serve(context.Background(), provider.Info{Name: "acme", Version: "1.0.0"},
//			compute.NewInstanceProvider(instanceOps{}),
//			network.NewVPCProvider(vpcOps{}),
//		)
//		if err != nil {
//			log.Fatal(err)
//		}
//	}
//
// # What the engine does for a generated resource
//
// Check validates a program's inputs against the IDL and reports every problem as a per-property check
// failure: a missing required property, a value of the wrong type, a property the resource does not
// declare, an out property set by the program, a value that is not one of its enum's values, a reference
// to a resource of the wrong type, a value that breaks its contract (min=, pattern=, uniqueItems …, at
// any depth: the fields of structs are checked wherever the struct appears). Values that are not known
// yet (during a preview) are never a problem, and a secret is never shown in a message. A named
// resource's name defaults to the resource's own name, and every input with a default= takes it when the
// program leaves it out; the checked inputs hold those defaults, and the secret properties made secret.
//
// Diff compares the new inputs with the old ones property by property; a changed `replaces` property
// replaces the resource. Create, Read, Update and Delete decode property maps into the generated
// marshaling struct, call the author's ops, and encode the struct back. Outputs never include `in`
// properties, an `out` property named id is the resource ID, and a property that was secret in the
// inputs stays secret in the outputs, as do the properties the IDL declares secret, everywhere.
//
// # What it must not do
//
// The codecs are plain typed code instantiated for the generated types: no reflection per call (only
// AnyValue falls back to reflection, for Go values that are not JSON-like). The runtime never touches
// the disk and keeps no state between calls; whatever a provider remembers is the ops' business.
//
// Generated stubs and this package must come from the same cidlc version: the stubs refer to
// [StubsV1], which a release that changes the contract between them renames, so that stale stubs fail to
// compile instead of misbehaving.
package provider
