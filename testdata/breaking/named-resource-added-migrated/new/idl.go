// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Bucket keeps objects. Its state is of version 1: it has a name, which the migration gives existing
// buckets.
type Bucket struct {
	idl.NamedResource `lumi:"stateVersion=1"`
	// Versioning keeps old versions of objects.
	Versioning *bool `lumi:"optional"`
}
