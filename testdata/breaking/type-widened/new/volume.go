// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Volume is a disk.
type Volume struct {
	idl.Resource
	// Size is the capacity in GiB.
	Size float64
	// Type is the kind of disk.
	Type string
}

// DiskType is the kind of disk.
type DiskType string

const (
	// DiskTypeSSD is a solid-state disk.
	DiskTypeSSD DiskType = "ssd"
	// DiskTypeHDD is a spinning disk.
	DiskTypeHDD DiskType = "hdd"
)
