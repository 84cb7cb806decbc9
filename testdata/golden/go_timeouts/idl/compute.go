// Package compute has resources that take their time: their IDL gives them default timeouts, which a
// program's customTimeouts resource option overrides.
package compute

import "github.com/cidlc/cidlc/idl"

// Instance boots an operating system, which can take minutes; deleting it takes less.
type Instance struct {
	idl.Resource `lumi:"timeout=20m,deleteTimeout=5m"`
	// Image is the operating system it boots.
	Image string
}

// Cluster keeps its name, and takes longest to replicate its data away before a delete.
type Cluster struct {
	idl.NamedResource `lumi:"immutable,createTimeout=1h30m,deleteTimeout=2h"`
	// Nodes is how many machines it has.
	Nodes float64
}

// Tag is a label: quick to make, with no timeouts of its own.
type Tag struct {
	idl.Resource
	// Value is the label.
	Value string
}
