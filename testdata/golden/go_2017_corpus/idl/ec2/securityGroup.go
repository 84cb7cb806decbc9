package ec2

import (
	"github.com/cidlc/cidlc/idl"
)

// SecurityGroup filters traffic.
type SecurityGroup struct {
	idl.NamedResource
	// GroupDescription says what the group is for.
	GroupDescription string `lumi:"groupDescription,replaces"`
	// SecurityGroupIngress are the inbound rules.
	SecurityGroupIngress *[]SecurityGroupRule `lumi:"securityGroupIngress,optional"`
	// GroupID is the group's ID, such as sg-94b3a1f6.
	GroupID string `lumi:"groupID,out"`
}

// SecurityGroupRule is one rule of a security group.
type SecurityGroupRule struct {
	// IPProtocol is the IP protocol name or number.
	IPProtocol string `lumi:"ipProtocol"`
	// CIDRIP is the range the rule applies to.
	CIDRIP *string `lumi:"cidrIp,optional"`
	// FromPort starts the port range.
	FromPort *float64 `lumi:"fromPort,optional"`
	// ToPort ends the port range.
	ToPort *float64 `lumi:"toPort,optional"`
}
