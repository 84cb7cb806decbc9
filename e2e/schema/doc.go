// Package schema holds the end-to-end test of cidlc's Pulumi package schema (--out-schema): the schema
// of the example provider (examples/cmd/pulumi-resource-acme/schema.json) taken through the real Pulumi
// CLI, and the same IDL reached from a second language.
//
// `make e2e-schema` builds the Pulumi CLI from source once (e2e/build-pulumi.sh) and codegen-only
// language plugins (build-codegen-hosts.sh, from testdata/codegenhost: Pulumi's own language plugins
// cannot be had from the Go module proxy here), both cached in .cache/pulumi, and runs TestSchemaE2E
// with them. The test, in a scratch directory it removes afterwards and offline once the Go module
// cache holds what the Automation API needs:
//
//  1. builds the provider plugin and checks that `pulumi package get-schema` of it returns the
//     --out-schema file (as canonical JSON: the CLI re-serializes the schema);
//  2. runs `pulumi package gen-sdk` on that file for go, python and nodejs, and checks that the Go SDK
//     builds against the pinned Pulumi SDK, that the Python SDK byte-compiles and that the Node.js SDK
//     type-checks with the tsc of tstest/; and that gen-sdk accepts the schema of every golden case;
//  3. deploys and destroys a VPC, and a subnet that refers to it (a capability) in a zone the function
//     listZones returns, and looks an image up with getImage, with a Go program
//     written against the generated Go SDK (an Automation API inline program, testdata/goprogram),
//     through the provider plugin, and checks the provider's store after each. The program reads the
//     IDL's integers (the image's size, the subnet's free addresses) as the SDK's pulumi.Int outputs,
//     so that an integer typed as a float in the schema would not compile.
//
// To run it with tools of your own:
//
//	CIDLC_E2E_PULUMI=$(command -v pulumi) CIDLC_E2E_CODEGEN_HOSTS=DIR go test -v ./e2e/schema/
//
// where DIR holds pulumi-language-go, -nodejs and -python; without CIDLC_E2E_CODEGEN_HOSTS, steps 2
// and 3 are skipped.
package schema
