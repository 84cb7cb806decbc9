package ec2

import (
	"github.com/cidlc/cidlc/idl"
)

// Instance is an EC2 virtual machine.
type Instance struct {
	idl.Resource
	// The AMI to boot.
	ImageID string `lumi:"imageID,replaces"`
	// The machine type.
	InstanceType *InstanceType `lumi:"instanceType,optional,replaces"`
	// The security groups of the instance.
	SecurityGroups *[]*SecurityGroup `lumi:"securityGroups,optional"`
	// Data for cloud-init, never read back.
	UserData *string `lumi:"userData,in"`
	// The instance ID is the resource's ID.
	ID string `lumi:"id,out"`
	// The private IP address.
	PrivateIP *string `lumi:"privateIP,out"`
}

// InstanceType is an EC2 instance type.
type InstanceType string

const (
	T2Nano     InstanceType = "t2.nano"     // t2.nano
	T2Micro    InstanceType = "t2.micro"    // t2.micro
	T2Small    InstanceType = "t2.small"    // t2.small
	T2Medium   InstanceType = "t2.medium"   // t2.medium
	T2Large    InstanceType = "t2.large"    // t2.large
	T2XLarge   InstanceType = "t2.xlarge"   // t2.xlarge
	T22XLarge  InstanceType = "t2.2xlarge"  // t2.2xlarge
	M4Large    InstanceType = "m4.large"    // m4.large
	M4XLarge   InstanceType = "m4.xlarge"   // m4.xlarge
	M42XLarge  InstanceType = "m4.2xlarge"  // m4.2xlarge
	M44XLarge  InstanceType = "m4.4xlarge"  // m4.4xlarge
	M410XLarge InstanceType = "m4.10xlarge" // m4.10xlarge
	M416XLarge InstanceType = "m4.16xlarge" // m4.16xlarge
	C4Large    InstanceType = "c4.large"    // c4.large
	C4XLarge   InstanceType = "c4.xlarge"   // c4.xlarge
	C42XLarge  InstanceType = "c4.2xlarge"  // c4.2xlarge
	C44XLarge  InstanceType = "c4.4xlarge"  // c4.4xlarge
	C48XLarge  InstanceType = "c4.8xlarge"  // c4.8xlarge
	R4Large    InstanceType = "r4.large"    // r4.large
	R4XLarge   InstanceType = "r4.xlarge"   // r4.xlarge
	R42XLarge  InstanceType = "r4.2xlarge"  // r4.2xlarge
	X116XLarge InstanceType = "x1.16xlarge" // x1.16xlarge
)
