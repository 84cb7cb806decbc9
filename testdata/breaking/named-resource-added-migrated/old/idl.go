// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Bucket keeps objects.
type Bucket struct {
	idl.Resource
	// Versioning keeps old versions of objects.
	Versioning *bool `lumi:"optional"`
}
