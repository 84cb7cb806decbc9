package ec2

import (
	"github.com/cidlc/cidlc/idl"
	aws "github.com/cidlc/cidlc/snapshot/testdata/idl"
)

// Subnet is a range of a VPC.
type Subnet struct {
	idl.Resource
	// CIDRBlock is the subnet's address range.
	CIDRBlock string `lumi:"cidrBlock,replaces,pattern=^[0-9./]+$"`
	// VPC is the network of the subnet.
	VPC *VPC `lumi:"vpcId,replaces"`
	// Tags label the subnet.
	Tags *aws.Tags `lumi:"optional,maxProperties=2"`
	// DependsOn is any resource the subnet waits for.
	DependsOn *idl.Resource `lumi:"optional"`
}
