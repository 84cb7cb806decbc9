// Package network describes Acme Cloud's virtual networking: private networks (VPCs), their subnets,
// the security groups that filter traffic, and load balancers that spread traffic across servers.
package network

import (
	acme "github.com/cidlc/cidlc/examples/idl"
	"github.com/cidlc/cidlc/idl"
)

// DefaultVPCCIDR is the address range the console suggests for a new VPC.
const DefaultVPCCIDR = "10.0.0.0/16"

// VPC is a virtual private cloud: an isolated private network in one region. Servers, functions and load
// balancers are placed in the VPC's subnets and can reach each other over private addresses.
type VPC struct {
	idl.NamedResource
	// IPv4CIDR is the private IPv4 address range of the network in CIDR notation, such as "10.0.0.0/16".
	// It must be between /16 and /28. Changing it replaces the VPC and everything in it.
	IPv4CIDR string `lumi:"name=cidrBlock,replaces"`
	// Region is the region the VPC lives in. Defaults to the provider's region.
	Region *acme.Region `lumi:"optional,replaces"`
	// EnableDNSHostnames gives servers in the VPC public DNS names alongside their public addresses.
	// Defaults to false.
	EnableDNSHostnames *bool `lumi:"optional"`
	// EnableIPv6 also assigns an IPv6 range, chosen by Acme Cloud, to the VPC. Defaults to false.
	EnableIPv6 *bool `lumi:"optional"`
	// Tags are labels attached to the VPC.
	Tags *acme.Tags `lumi:"optional"`
	// ARN is the Acme Resource Name of the VPC.
	ARN *acme.ARN `lumi:"out"`
	// IPv6CIDR is the IPv6 range Acme Cloud assigned, when EnableIPv6 is set.
	IPv6CIDR *string `lumi:"ipv6CidrBlock,optional,out"`
}
