// Package e2e holds cidlc's end-to-end test: the generated example package (examples/pack) and provider
// (examples/provider, served by examples/cmd/pulumi-resource-acme) deployed by the real Pulumi engine.
//
// `make e2e` builds the Pulumi CLI from source once (e2e/build-pulumi.sh, cached in .cache/pulumi) and
// runs TestE2E with it. The test builds the plugin, compiles the package and program.ts with the Node
// tooling pinned in tstest/, and runs the program: an Automation API inline program that deploys,
// previews, updates, replaces, refreshes and destroys a stack of every resource type, offline, in a
// scratch directory it removes afterwards. See program.ts for the steps and what each one checks.
//
// To run it with a Pulumi CLI of your own: CIDLC_E2E_PULUMI=$(command -v pulumi) go test -v ./e2e/
package e2e
