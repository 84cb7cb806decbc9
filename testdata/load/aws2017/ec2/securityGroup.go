package ec2

import (
	"github.com/cidlc/cidlc/idl"
	"github.com/cidlc/cidlc/testdata/load/aws2017"
)

// SecurityGroup is an Amazon EC2 Security Group.
type SecurityGroup struct {
	idl.NamedResource
	// A required description about the security group.
	GroupDescription string `lumi:"groupDescription,replaces"`
	// An optional name for the security group.
	GroupName *string `lumi:"groupName,optional,replaces"`
	// The tags of the group.
	Tags *[]aws.Tag `lumi:"tags,optional"`
	// The group ID of the specified security group.
	GroupID string `lumi:"groupID,out"`
}
