// Package kinds has a resource with a property of every kind of type.
package kinds

import (
	"github.com/cidlc/cidlc/idl"
	features "github.com/cidlc/cidlc/testdata/golden/go_features/idl"
	"github.com/cidlc/cidlc/testdata/golden/go_features/idl/net"
	"github.com/cidlc/cidlc/testdata/golden/go_features/idl/provider"
)

// Kitchen has a property of every kind of type, required and optional.
//
// Its doc has a code block:
//
//	kitchen := new(Kitchen)
type Kitchen struct {
	idl.NamedResource

	Flag      bool
	Count     float64
	Text      string
	Anything  interface{}
	Blob      idl.Asset
	Bundle    idl.Archive
	Target    *idl.Resource
	Network   *net.Network
	Plugin    *provider.Plugin
	Shared    features.Shared
	Local     Local
	Color     features.Color
	ARN       features.ARN
	Port      features.Port
	FlagAlias features.Flag
	Labels    features.Labels
	Palette   features.Palette
	Document  features.Document
	Texts     []string
	Nets      []*net.Network
	Targets   []idl.Resource
	ByName    map[string]*net.Subnet
	ByColor   map[features.Color][]features.Shared
	ByARN     map[features.ARN]float64
	Matrix    [][]float64
	Deep      map[string]map[string][]Local

	OptFlag     *bool             `lumi:"optional"`
	OptCount    *float64          `lumi:"optional"`
	OptText     *string           `lumi:"optional"`
	OptAnything *any              `lumi:"optional"`
	OptBlob     *idl.Asset        `lumi:"optional"`
	OptBundle   *idl.Archive      `lumi:"optional"`
	OptTarget   *idl.Resource     `lumi:"optional"`
	OptNetwork  *net.Network      `lumi:"optional"`
	OptShared   *features.Shared  `lumi:"optional"`
	OptColor    *features.Color   `lumi:"optional"`
	OptLabels   *features.Labels  `lumi:"optional"`
	OptTexts    *[]string         `lumi:"optional"`
	OptMap      *map[string]Local `lumi:"optional"`

	// Secret is an input that is never returned.
	Secret *string `lumi:"optional,in"`
	// Source is a required input, never returned, that replaces.
	Source idl.Asset `lumi:"in,replaces"`
	// Renamed has a wire name of its own.
	Renamed string `lumi:"name=otherName,replace"`

	// Status is an output.
	Status *features.Color `lumi:"out"`
	// Endpoint is an output that is not a pointer in the IDL.
	Endpoint string `lumi:"endpoint,out"`
	// Extra is an output of any type.
	Extra *any `lumi:"out"`
	// Tags is an output map.
	Tags *map[string]string `lumi:"out"`
}

// Local is a struct of this module.
type Local struct {
	Value  float64
	Shared *features.Shared `lumi:"optional"`
	Plugin *provider.Plugin `lumi:"optional"`
}
