// Package acme is the IDL of the Acme Cloud provider, cidlc's showcase example.
//
// Acme Cloud is a small public cloud with the usual building blocks: private networks with subnets,
// security groups and load balancers (package network); virtual machines, disk volumes, machine images,
// SSH key pairs and serverless functions (package compute); object storage buckets (package storage);
// and identity and access management with roles, policies, users, groups and access keys (package iam).
//
// Each Go package of this tree is a module of the generated Pulumi package, and each file is a token
// module: the Subnet type declared in network/subnet.go has the token acme:network/subnet:Subnet.
// This root package holds the types and constants shared by every module (see types.go).
//
// Run `go generate` in this directory to regenerate the TypeScript package (../pack) and the Go
// provider stubs (../provider) after changing the IDL.
//
// The example deliberately uses every construct the IDL supports, so it doubles as an end-to-end test
// input for cidlc.
package acme

// cidlc is a tool of this Go module (the tool line of its go.mod), as `go get -tool
// github.com/cidlc/cidlc/cmd/cidlc` makes it one of a provider's own module. (Not in the package doc
// above: the doc is part of every output.)
//
//go:generate go tool cidlc . --out-pack=../pack --out-provider=../provider --out-schema=../cmd/pulumi-resource-acme/schema.json --out-docs=../docs --pkg-version=0.1.0
