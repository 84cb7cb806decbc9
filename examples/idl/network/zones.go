package network

import (
	acme "github.com/cidlc/cidlc/examples/idl"
	"github.com/cidlc/cidlc/idl"
)

// ListZones lists the availability zones of a region: the independent data centres a subnet can be
// placed in.
type ListZones struct {
	idl.Function
	// Region is the region whose zones are listed: the provider's (its configuration's region) when not
	// given.
	Region *acme.Region `lumi:"optional"`
	// Names are the zones' names, such as "us-west-1a", in alphabetical order.
	Names []string `lumi:"out"`
}
