// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// VPC is a private network.
type VPC struct {
	idl.Resource
	// CIDRBlock is the network's address range.
	CIDRBlock string
}
