// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Bucket holds objects; its name is part of its address.
type Bucket struct {
	idl.NamedResource `lumi:"name.maxLength=63"`
	// Versioning keeps every version of an object.
	Versioning bool `lumi:"default=false"`
}
