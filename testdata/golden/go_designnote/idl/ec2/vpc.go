package ec2

import "github.com/cidlc/cidlc/idl"

// A VPC is an Amazon Virtual Private Cloud.
type VPC struct {
	idl.Resource
	// The IPv4 network range for the VPC, in CIDR notation.
	CIDRBlock string `lumi:"replaces"`
}
