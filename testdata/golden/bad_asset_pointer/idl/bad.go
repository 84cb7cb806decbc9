package bad

import "github.com/cidlc/cidlc/idl"

// Thing is a resource.
type Thing struct {
	idl.Resource
	// Files is a pointer to a slice, which needs optional, whatever its elements.
	Files *[]*idl.Asset `lumi:"files"`
	// Code is an archive by value: optional needs the pointer.
	Code idl.Archive `lumi:"code,optional"`
	// Blobs holds pointers to pointers.
	Blobs []**idl.Asset `lumi:"blobs"`
}
