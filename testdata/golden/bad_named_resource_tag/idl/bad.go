package bad

import "github.com/cidlc/cidlc/idl"

// Database keeps its name: a new one fails.
type Database struct {
	idl.NamedResource `lumi:"immutable"`
}

// Table takes an option the name cannot have.
type Table struct {
	idl.NamedResource `lumi:"immutable,secret"`
}

// View takes only the name's default behavior, spelled out.
type View struct {
	idl.NamedResource `lumi:"replaces"`
}
