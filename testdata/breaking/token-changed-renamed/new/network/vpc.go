// Package network is the case's network.
package network

import "github.com/cidlc/cidlc/idl"

// Network is what was called VPC.
type Network struct {
	idl.Resource `lumi:"formerly=acme:network/vpc:VPC"`
	// CIDR is its range.
	CIDR string
}

// Subnet is a part of a network.
type Subnet struct {
	idl.Resource
	// VPC is the network it is part of.
	VPC *Network `lumi:"replaces"`
}
