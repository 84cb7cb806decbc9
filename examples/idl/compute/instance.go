// Package compute describes Acme Cloud's compute services: virtual machines (instances) with their disk
// volumes, machine images and SSH key pairs, and serverless functions.
package compute

import (
	acme "github.com/cidlc/cidlc/examples/idl"
	"github.com/cidlc/cidlc/examples/idl/iam"
	"github.com/cidlc/cidlc/examples/idl/network"
	"github.com/cidlc/cidlc/idl"
)

// DefaultUserData is the boot script used when an instance is given none: it only records the boot.
const DefaultUserData = "#!/bin/sh\necho \"booted by acme-init\" >> /var/log/acme-init.log\n"

// MachineType is the size of an instance: its number of virtual CPUs and amount of memory.
type MachineType string

const (
	// MachineTypeNano has 1 shared vCPU and 0.5 GiB of memory, for tiny background jobs.
	MachineTypeNano MachineType = "nano"
	// MachineTypeSmall has 1 vCPU and 2 GiB of memory.
	MachineTypeSmall MachineType = "small"
	// MachineTypeStandard has 2 vCPUs and 8 GiB of memory; a good default.
	MachineTypeStandard MachineType = "standard"
	// MachineTypeLarge has 8 vCPUs and 32 GiB of memory.
	MachineTypeLarge MachineType = "large"
	// MachineTypeMemory has 8 vCPUs and 128 GiB of memory, for databases and caches.
	MachineTypeMemory MachineType = "memory-optimized"
)

// InstanceStatus is where an instance is in its life cycle.
type InstanceStatus string

const (
	// InstanceStatusPending instances are being created or started.
	InstanceStatusPending InstanceStatus = "pending"
	// InstanceStatusRunning instances are up; they are billed by the second.
	InstanceStatusRunning InstanceStatus = "running"
	// InstanceStatusStopped instances are shut down; only their volumes are billed.
	InstanceStatusStopped InstanceStatus = "stopped"
)

// Instance is a virtual machine. It boots from a machine image, runs in a subnet, and can act with the
// permissions of an IAM role.
//
// Creating an instance waits for it to boot. One that does not boot in time is kept, pending: the next
// update waits for it again.
type Instance struct {
	idl.NamedResource `lumi:"timeout=10m"`
	// ID is the instance's identifier, such as "i-0123456789abcdef0", assigned by Acme Cloud.
	ID *string `lumi:"id,out"`
	// MachineType is the size of the instance. Changing it restarts the instance.
	MachineType MachineType
	// Image is the machine image the instance boots from.
	Image *Image `lumi:"replaces"`
	// Subnet is where the instance runs; it decides the instance's VPC and availability zone.
	Subnet *network.Subnet `lumi:"replaces"`
	// SecurityGroups filter the instance's traffic. Without any, the VPC's default group applies.
	SecurityGroups *[]*network.SecurityGroup `lumi:"optional"`
	// Role gives programs on the instance temporary credentials with the role's permissions. The role must
	// trust the compute service.
	Role *iam.Role `lumi:"optional"`
	// KeyPair is the SSH key allowed to log in as the image's default user.
	KeyPair *KeyPair `lumi:"optional,replaces"`
	// UserData is a script run as root on the first boot (DefaultUserData when not given). It may contain
	// secrets, so it is never read back; changing it replaces the instance.
	UserData *string `lumi:"optional,in,replaces"`
	// RootDisk configures the disk the instance boots from. Defaults to a 20 GiB SSD.
	RootDisk *DiskSpec `lumi:"optional,replaces"`
	// Monitoring turned on detailed metrics, collected every minute instead of every five.
	Monitoring *bool `lumi:"optional,deprecated='detailed metrics are always collected now; remove monitoring'"`
	// MaintenanceWindow is when Acme Cloud may restart the instance to move it to updated hardware.
	MaintenanceWindow *acme.MaintenanceWindow `lumi:"optional"`
	// Tags are labels attached to the instance.
	Tags *acme.Tags `lumi:"optional"`
	// ARN is the Acme Resource Name of the instance.
	ARN *acme.ARN `lumi:"out"`
	// PrivateIP is the instance's private IPv4 address in its subnet.
	PrivateIP *string `lumi:"out"`
	// PublicIP is the instance's public IPv4 address, when its subnet gives it one.
	PublicIP *string `lumi:"optional,out"`
	// Status is where the instance is in its life cycle.
	Status *InstanceStatus `lumi:"out"`
}

// DiskSpec describes the boot disk of an instance.
type DiskSpec struct {
	// SizeGiB is the size of the disk in GiB, from 8 to 16384.
	SizeGiB int `lumi:"size,min=8,max=16384"`
	// Kind is the kind of storage behind the disk. Defaults to ssd.
	Kind *VolumeKind `lumi:"optional"`
	// Encrypted encrypts the disk at rest with a key managed by Acme Cloud. Defaults to true.
	Encrypted *bool `lumi:"optional"`
	// DeleteOnTermination deletes the disk when the instance is deleted. Defaults to true.
	DeleteOnTermination *bool `lumi:"optional"`
}
