package ec2

import "github.com/cidlc/cidlc/idl"

// A SecurityGroup is an Amazon EC2 Security Group.
type SecurityGroup struct {
	idl.NamedResource
	// A required description about the security group.
	GroupDescription string `lumi:"replace"`
	// The VPC in which this security group resides (or blank if the default VPC).
	VPC *VPC `lumi:"optional,replace"`
	// A list of Amazon EC2 security group egress rules.
	SecurityGroupEgress *[]SecurityGroupRule `lumi:"optional"`
	// A list of Amazon EC2 security group ingress rules.
	SecurityGroupIngress *[]SecurityGroupRule `lumi:"optional"`
	// The group ID of the specified security group, such as `sg-94b3a1f6`.
	GroupID *string `lumi:"out"`
}

// A SecurityGroupRule describes an EC2 security group rule embedded within a SecurityGroup.
type SecurityGroupRule struct {
	IPProtocol string
	CIDRIP     *string  `lumi:"optional"`
	FromPort   *float64 `lumi:"optional"`
	ToPort     *float64 `lumi:"optional"`
}
