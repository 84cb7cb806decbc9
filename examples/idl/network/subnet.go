package network

import (
	acme "github.com/cidlc/cidlc/examples/idl"
	"github.com/cidlc/cidlc/idl"
)

// Subnet is a range of addresses inside a VPC, bound to one availability zone. Servers and load
// balancers are always placed in a subnet.
type Subnet struct {
	idl.Resource
	// ID is the subnet's identifier, such as "subnet-0a1b2c3d", assigned by Acme Cloud.
	ID *string `lumi:"id,out"`
	// VPC is the network the subnet belongs to.
	VPC *VPC `lumi:"replaces"`
	// CIDRBlock is the subnet's address range; it must lie within the VPC's range and not overlap with
	// another subnet of the same VPC.
	CIDRBlock string `lumi:"replaces,pattern='^[0-9]{1,3}([.][0-9]{1,3}){3}/[0-9]{1,2}$'"`
	// AvailabilityZone is the zone of the region that hosts the subnet, such as "us-west-1b". Acme Cloud
	// picks one when it is not given.
	AvailabilityZone *string `lumi:"optional,replaces"`
	// MapPublicIPOnLaunch gives every server started in this subnet a public IPv4 address, making the
	// subnet public. Defaults to false.
	MapPublicIPOnLaunch *bool `lumi:"optional"`
	// Tags are labels attached to the subnet.
	Tags *acme.Tags `lumi:"optional"`
	// AvailableIPCount is how many addresses of the range are still free.
	AvailableIPCount *int `lumi:"out"`
}
