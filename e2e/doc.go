// Package e2e holds cidlc's end-to-end test: the generated example package (examples/pack) and provider
// (examples/provider, served by examples/cmd/pulumi-resource-acme) deployed by the real Pulumi engine.
//
// `make e2e` builds the Pulumi CLI from source once (e2e/build-pulumi.sh, cached in .cache/pulumi) and
// runs TestE2E with it. The test builds the plugin, compiles the package and the programs with the Node
// tooling pinned in tstest/, and runs them, offline, in a scratch directory it removes afterwards: two
// Automation API inline programs. program.ts deploys, previews, updates, replaces, refreshes and
// destroys a stack of every resource type, calling the example's functions in both forms as it goes;
// config.ts goes through the life of the provider's
// configuration (the stack's, explicit providers', the environment's; secrets; a missing key; updates
// and replacements). Every command of program.ts (and of the PostgreSQL program, e2e/postgresql) runs
// with the engine's most verbose logs flowing to the plugin (--logflow -v=9), which at the end hold no
// secret the program used. See each program for its steps and what each one checks; support.ts holds
// what they share.
//
// To run it with a Pulumi CLI of your own: CIDLC_E2E_PULUMI=$(command -v pulumi) go test -v ./e2e/
package e2e
