package compute

import (
	acme "github.com/cidlc/cidlc/examples/idl"
	"github.com/cidlc/cidlc/idl"
)

// VolumeKind is the kind of storage behind a disk.
type VolumeKind string

const (
	// VolumeKindSSD is general-purpose solid-state storage.
	VolumeKindSSD VolumeKind = "ssd"
	// VolumeKindProvisionedSSD is solid-state storage with a guaranteed number of operations per second.
	VolumeKindProvisionedSSD VolumeKind = "provisioned-ssd"
	// VolumeKindHDD is cheap magnetic storage for large, sequential workloads.
	VolumeKindHDD VolumeKind = "hdd"
)

// Volume is a network-attached block storage disk. It lives in one availability zone and can be attached
// to one instance of that zone at a time.
type Volume struct {
	idl.Resource
	// AvailabilityZone is the zone the volume lives in, such as "us-west-1b".
	AvailabilityZone string `lumi:"replaces"`
	// SizeGiB is the size of the volume in whole GiB, from 1 to 16384. It can grow but never shrink.
	SizeGiB int `lumi:"size,min=1,max=16384,default=20"`
	// Kind is the kind of storage behind the volume.
	Kind VolumeKind `lumi:"replaces,default=ssd"`
	// IOPS is the number of operations per second guaranteed; only for provisioned-ssd volumes.
	IOPS *int `lumi:"optional,min=100,max=64000"`
	// Encrypted encrypts the volume at rest. It is chosen when the volume is created: Acme Cloud cannot
	// encrypt or decrypt a volume's data in place, and a new volume would start empty.
	Encrypted bool `lumi:"immutable,default=true"`
	// Instance is the instance the volume is attached to, if any. It must be in the same zone.
	Instance *Instance `lumi:"optional"`
	// Tags are labels attached to the volume.
	Tags *acme.Tags `lumi:"optional"`
	// ARN is the Acme Resource Name of the volume.
	ARN *acme.ARN `lumi:"out"`
	// DeviceName is the device the volume appears as on its instance, such as "/dev/vdb".
	DeviceName *string `lumi:"optional,out"`
}
