// Package inner sits two directories down, below a directory that holds no IDL package.
package inner

import (
	"github.com/cidlc/cidlc/idl"
	feat "github.com/cidlc/cidlc/testdata/golden/ts_features/idl"
	"github.com/cidlc/cidlc/testdata/golden/ts_features/idl/compute"
)

// Thing refers up the tree.
type Thing struct {
	idl.NamedResource
	// Disk is a capability two directories up and one down.
	Disk *compute.Disk
	// Colors are enum values of the root module.
	Colors []feat.Color `lumi:"replaces"`
	// Grid is an alias of the root module.
	Grid *feat.Grid `lumi:"optional"`
}
