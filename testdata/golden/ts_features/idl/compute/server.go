package compute

import (
	"github.com/cidlc/cidlc/idl"
	feat "github.com/cidlc/cidlc/testdata/golden/ts_features/idl"
	"github.com/cidlc/cidlc/testdata/golden/ts_features/idl/net"
)

// Server is a named resource with every kind of property.
type Server struct {
	idl.NamedResource
	// Image is a required asset that replaces the server.
	Image idl.Asset `lumi:"replaces"`
	// Bundle is an optional archive.
	Bundle *idl.Archive `lumi:"optional"`
	// Count is a required number.
	Count float64
	// Enabled is a required bool.
	Enabled bool
	// Color is a required enum of another module.
	Color feat.Color `lumi:"replaces"`
	// Shape is a required struct of another module.
	Shape feat.Shape
	// Rules are structs of another module, with the same name as Rule of this module.
	Rules *[]feat.Rule `lumi:"optional"`
	// LocalRules are structs of this module.
	LocalRules *[]Rule `lumi:"optional"`
	// Labels is an alias with an input shape.
	Labels *feat.Labels `lumi:"optional"`
	// ByColor is a map keyed by an enum.
	ByColor *map[feat.Color]Rule `lumi:"optional"`
	// Scores is an alias without one.
	Scores *feat.Scores `lumi:"optional"`
	// Network is a capability to a resource of another module.
	Network *net.Network `lumi:"replaces"`
	// Gateway is a capability to a resource declared in an index.go.
	Gateway *net.Gateway `lumi:"optional"`
	// Disk is a capability to a resource of this module.
	Disk *Disk `lumi:"optional"`
	// Disks is an array of capabilities.
	Disks *[]*Disk `lumi:"optional"`
	// DisksByName is a map of capabilities.
	DisksByName *map[string]*Disk `lumi:"optional"`
	// Target is a reference to any resource.
	Target *idl.Resource `lumi:"optional"`
	// Targets are references to any resources.
	Targets *[]idl.Resource `lumi:"optional"`
	// Metadata is any JSON value.
	Metadata interface{}
	// Password is an input that is never returned.
	Password string `lumi:"in"`
	// Token is an optional input that is never returned.
	Token *string `lumi:"optional,in,replaces"`
	// Address is set by the provider.
	Address string `lumi:"out"`
	// Tags is an out alias.
	Tags *feat.Labels `lumi:"out"`
}
