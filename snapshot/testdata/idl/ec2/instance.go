package ec2

import "github.com/cidlc/cidlc/idl"

// Instance is a server.
type Instance struct {
	idl.Resource
	// ImageID is the machine image.
	ImageID string `lumi:"imageId"`
	// InstanceType is the size.
	InstanceType InstanceType `lumi:"instanceType"`
	// SecurityGroups filter the server's traffic.
	SecurityGroups []*SecurityGroup `lumi:"securityGroupIds"`
	// Subnet is where the server lives.
	Subnet *Subnet `lumi:"subnetId"`
	// UserData runs at boot.
	UserData *idl.Asset `lumi:"optional"`
	// Metadata is anything.
	Metadata *interface{} `lumi:"optional"`
	// DependsOn is any resource.
	DependsOn *idl.Resource `lumi:"optional"`
	// PublicIP is the server's address.
	PublicIP *string `lumi:"publicIp,optional,out"`
}

// InstanceType is a size of server.
type InstanceType string

// The sizes.
const (
	T2Micro InstanceType = "t2.micro"
	T2Large InstanceType = "t2.large"
)
