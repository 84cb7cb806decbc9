// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Bucket holds objects; its name is part of its address, which the service now limits to 32 characters
// of a-z, 0-9 and hyphens.
type Bucket struct {
	idl.NamedResource `lumi:"name.maxLength=32,name.pattern=^[a-z0-9-]+$"`
	// Versioning keeps every version of an object.
	Versioning bool `lumi:"default=false"`
}
