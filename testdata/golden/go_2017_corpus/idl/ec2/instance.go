package ec2

import (
	"github.com/cidlc/cidlc/idl"
)

// Instance is a virtual machine.
type Instance struct {
	idl.NamedResource
	// ImageID is the machine image.
	ImageID string `lumi:"imageId"`
	// InstanceType is the size of the machine.
	InstanceType *InstanceType `lumi:"instanceType,optional"`
	// SecurityGroups filter the instance's traffic.
	SecurityGroups *[]*SecurityGroup `lumi:"securityGroups,optional"`
	// UserData runs at the first boot; it is never read back.
	UserData *string `lumi:"userData,in"`
	// PrivateIP is the instance's private address, when it has one.
	PrivateIP *string `lumi:"privateIP,optional,out"`
	// PublicDNSName is the instance's public name.
	PublicDNSName *string `lumi:"publicDNSName,out"`
}

// InstanceType is the size of an instance.
type InstanceType string

const (
	T2NanoInstance  InstanceType = "t2.nano"
	T2MicroInstance InstanceType = "t2.micro"
)
