// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Bucket holds objects.
type Bucket struct {
	idl.NamedResource
	// Versioning keeps every version of an object.
	Versioning *bool `lumi:"optional"`
}

// Object is a blob in a bucket.
type Object struct {
	idl.Resource
	// Bucket is where the object lives.
	Bucket *Bucket `lumi:"replaces"`
	// Key names the object.
	Key string
}
