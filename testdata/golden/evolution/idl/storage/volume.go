// Package storage holds disks.
package storage

import "github.com/cidlc/cidlc/idl"

// Volume is a disk. It was declared in storage/disk.go, and before that in disks.go at the root.
type Volume struct {
	idl.Resource `lumi:"formerly=evolve:storage/disk:Volume|evolve:disks:Volume"`
	// Size is the capacity, in GiB since state version 1 (it was a string with a unit before).
	Size float64
}

// Bucket keeps objects. Its state is of version 2: its region moved into its placement, and its class
// was a string.
type Bucket struct {
	idl.NamedResource `lumi:"immutable,stateVersion=2"`
	// Placement is where the bucket is.
	Placement Placement
	// Class is how the bucket stores objects.
	Class *StorageClass `lumi:"optional"`
	// ARN names the bucket.
	ARN *string `lumi:"out"`
}

// Placement is where a bucket is.
type Placement struct {
	// Region is the region.
	Region string
	// Zone is the zone, when the bucket is in one.
	Zone *string `lumi:"optional"`
}

// StorageClass is how objects are stored.
type StorageClass string

const (
	// StorageClassHot keeps objects on SSDs.
	StorageClassHot StorageClass = "hot"
	// StorageClassCold keeps objects on tape.
	StorageClassCold StorageClass = "cold"
)

// GetVolume finds a volume by its name. It was called findVolume.
type GetVolume struct {
	idl.Function `lumi:"formerly=evolve:storage/volume:findVolume"`
	// Name is the volume's name.
	Name string
	// Size is its capacity in GiB.
	Size float64 `lumi:"out"`
}
