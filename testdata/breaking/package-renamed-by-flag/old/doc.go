// Package acme is the case's IDL, generated as the package acmecloud.
//
//go:generate go tool cidlc . --name=acmecloud --out-pack=../pack
package acme

import "github.com/cidlc/cidlc/idl"

// VPC is a network.
type VPC struct {
	idl.Resource
	// CIDR is its range.
	CIDR string
}
