// Package network is the case's network.
package network

import "github.com/cidlc/cidlc/idl"

// Subnet is a part of a VPC.
type Subnet struct {
	idl.Resource
	// VPC is the network it is part of.
	VPC *VPC `lumi:"replaces"`
}
