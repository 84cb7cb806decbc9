package ec2

import "github.com/cidlc/cidlc/idl"

// SecurityGroup filters traffic.
type SecurityGroup struct {
	idl.NamedResource
	// GroupDescription says what the group is for.
	GroupDescription string `lumi:"maxLength=32"`
	// SecurityGroupIngress are the rules for incoming traffic.
	SecurityGroupIngress *[]SecurityGroupRule `lumi:"optional,maxItems=10,uniqueItems"`
	// VPC is the network of the group.
	VPC *VPC `lumi:"replaces"`
}

// SecurityGroupRule lets some traffic in.
type SecurityGroupRule struct {
	// CIDRIP is the range of sources.
	CIDRIP string `lumi:"cidrIp"`
	// FromPort is the first port.
	FromPort float64 `lumi:"min=0,max=65535"`
	// IPProtocol is the protocol.
	IPProtocol Protocol `lumi:"ipProtocol"`
	// ToPort is the last port.
	ToPort float64 `lumi:"min=0,max=65535"`
}

// Protocol is an IP protocol.
type Protocol string

// The protocols.
const (
	TCP Protocol = "tcp"
	UDP Protocol = "udp"
)
