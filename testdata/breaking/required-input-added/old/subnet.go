// Package ec2 is the case's IDL.
package ec2

import "github.com/cidlc/cidlc/idl"

// Subnet is a range of addresses.
type Subnet struct {
	idl.Resource
	CIDRBlock string
}
