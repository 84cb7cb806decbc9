package bad

import "github.com/cidlc/cidlc/idl"

// Volume is a disk.
type Volume struct {
	idl.Resource
	// Format is how the disk is formatted.
	Format Format
}

// Format is a file system and its options.
type Format struct {
	// Kind is the file system: ext4, xfs.
	Kind string `lumi:"immutable"`
}
