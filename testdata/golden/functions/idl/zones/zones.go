// Package zones has a function of a module of its own, and one without inputs.
package zones

import (
	"github.com/cidlc/cidlc/idl"
	lookup "github.com/cidlc/cidlc/testdata/golden/functions/idl"
)

// ListZones lists every availability zone. It takes no inputs.
type ListZones struct {
	idl.Function
	// Zones are the zones' names.
	Zones []string `lumi:"out"`
	// Default is the zone resources go to when a program names none.
	Default lookup.Region `lumi:"out"`
	// Images are the images each zone holds.
	Images map[string][]*lookup.Image `lumi:"out"`
}

// ZoneInfo is a struct whose name a function's generated names would take.
type ZoneInfo struct {
	Name string
}

// GetZone describes one zone.
type GetZone struct {
	idl.Function
	Name string
	// Info describes it.
	Info ZoneInfo `lumi:"out"`
}

// GetZoneArgs and GetZoneResult are the author's: the generated names of GetZone give way.
type GetZoneArgs struct {
	Zone string
}

type GetZoneResult struct {
	Zone string
}

// GetZoneProviderOps takes the name of the Go ops of GetZone.
type GetZoneProviderOps struct {
	Zone string
}

// GetZoneOutput takes the name of the Output form of GetZone, which gives way.
type GetZoneOutput struct {
	idl.Function
	Zone string `lumi:"out"`
}
