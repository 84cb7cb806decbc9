// Package net has resources that other modules refer to.
package net

import (
	"github.com/cidlc/cidlc/idl"
	features "github.com/cidlc/cidlc/testdata/golden/go_features/idl"
)

// Network is an unnamed resource with an out id.
type Network struct {
	idl.Resource
	// ID is the network's identifier, which is its resource ID.
	ID *string `lumi:"id,out"`
	// CIDR replaces the network when it changes.
	CIDR string `lumi:"cidr,replaces"`
	// Labels is an alias from another module.
	Labels *features.Labels `lumi:"optional"`
}

// Subnet refers to a resource of its own file and module.
type Subnet struct {
	idl.NamedResource
	Network *Network `lumi:"replaces"`
	Zone    string
}
