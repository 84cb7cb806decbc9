// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Subnet is a range of addresses of a VPC.
type Subnet struct {
	idl.Resource
	// VPC is the subnet's network.
	VPC *VPC `lumi:"replaces"`
	// CIDRBlock is the subnet's address range.
	CIDRBlock string
}
