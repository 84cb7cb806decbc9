// Package compute is the case's compute.
package compute

import "github.com/cidlc/cidlc/idl"

// VPC is a network.
type VPC struct {
	idl.Resource
	// CIDR is its range.
	CIDR string
}
