// Package network is the case's network.
package network

import "github.com/cidlc/cidlc/idl"

// VPC is a network. It moved here from network/vpc.go, which its earlier token says.
type VPC struct {
	idl.Resource `lumi:"formerly=acme:network/vpc:VPC"`
	// CIDR is its range.
	CIDR string
}

// Gateway moved here from network/vpc.go, but its earlier token is mistyped.
type Gateway struct {
	idl.Resource `lumi:"formerly=acme:network/vpc:Gatway"`
	// VPC is the network it serves.
	VPC *VPC `lumi:"replaces"`
}
