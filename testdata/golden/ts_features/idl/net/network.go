// Package net has a resource with an ID property, and an index.go.
package net

import (
	"github.com/cidlc/cidlc/idl"
	feat "github.com/cidlc/cidlc/testdata/golden/ts_features/idl"
)

// Protocol is an enum of the net module.
type Protocol string

const (
	ProtocolTCP Protocol = "tcp"
	ProtocolUDP Protocol = "udp"
)

// Network is an unnamed resource whose out property id is its ID.
type Network struct {
	idl.Resource
	// ID is the resource's ID: it adds nothing to the class.
	ID *string `lumi:"id,out"`
	// CIDR is required and replaces.
	CIDR string `lumi:"cidr,replaces"`
	// Mode comes from the root module, declared in net.go.
	Mode *feat.NetMode `lumi:"optional"`
	// Routes are structs of this module.
	Routes *[]Route `lumi:"optional"`
	// Gateway is declared in index.go.
	Gateway *Gateway `lumi:"optional"`
}

// Route is a struct of the net module.
type Route struct {
	Destination string
	Protocol    *Protocol `lumi:"optional"`
}
