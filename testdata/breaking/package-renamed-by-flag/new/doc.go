// Package acme is the case's IDL, generated under its own name (the compared run gives no --name).
//
//go:generate go tool cidlc . --out-pack=../pack
package acme

import "github.com/cidlc/cidlc/idl"

// VPC is a network.
type VPC struct {
	idl.Resource
	// CIDR is its range.
	CIDR string
}
