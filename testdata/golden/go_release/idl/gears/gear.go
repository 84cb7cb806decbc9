package gears

import (
	"github.com/cidlc/cidlc/idl"

	widgets "github.com/cidlc/cidlc/testdata/golden/go_release/idl"
)

// A Gear turns a widget: a resource of another module, released with it.
type Gear struct {
	idl.Resource
	// Widget is what the gear turns.
	Widget *widgets.Widget `lumi:"replaces"`
	// Teeth is how many teeth the gear has.
	Teeth float64
}

// GetGear finds a gear by its teeth: both forms of the function ask for the plugin of the release.
type GetGear struct {
	idl.Function
	// Teeth is how many teeth the gear has.
	Teeth float64
	// ID is the gear's ID.
	ID string `lumi:"out"`
}
