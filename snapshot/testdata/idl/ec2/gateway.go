package ec2

import "github.com/cidlc/cidlc/idl"

// Gateway connects a VPC to the internet. It was aws:ec2/igw:Gateway, and its state is of version 1:
// attached was a string ("yes") before.
type Gateway struct {
	idl.Resource `lumi:"formerly=aws:ec2/igw:Gateway,stateVersion=1"`
	// VPC is the network it serves.
	VPC *VPC `lumi:"vpcId"`
	// Attached says whether it is attached.
	Attached bool `lumi:"attached,out"`
}
