// Command cidlc compiles an IDL — cloud resources described in a subset of Go — into a TypeScript package
// for Pulumi programs and Go provider stubs for the Pulumi provider protocol.
//
// Usage:
//
//	cidlc [flags] IDL_DIR
//
// It loads IDL_DIR and every package below it, type-checks them, checks them against the rules of the IDL
// language (documented in package github.com/cidlc/cidlc/idl) and reports every problem as
// file:line:col: message. Without an output flag it only checks.
//
// Make it a tool of the provider's Go module (Go 1.24 or newer), which records its version and its
// dependencies in go.mod and go.sum:
//
//	go get -tool github.com/cidlc/cidlc/cmd/cidlc
//
// and run it from a go:generate line in the root IDL package:
//
//	//go:generate go tool cidlc . --out-pack=../pack --out-provider=../provider
//
// Exit status: 0 when all is well, 1 when the IDL has problems (or, with --check, outputs are stale), 2 for
// a usage error.
package main

import (
	"os"

	"github.com/cidlc/cidlc/internal/run/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
}
