// Package ec2 is the compute part of the example.
package ec2

import "github.com/cidlc/cidlc/idl"

// VPC is a virtual private network.
type VPC struct {
	idl.Resource
	// CIDRBlock is the VPC's address range.
	CIDRBlock string `lumi:"cidrBlock,replaces,pattern=^[0-9./]+$"`
	// ARN names the VPC.
	ARN *string `lumi:"arn,out"`
}
