// Package acme declares earlier tokens and state versions that cannot be.
package acme

import "github.com/cidlc/cidlc/idl"

// Volume names an earlier token that is no token.
type Volume struct {
	idl.Resource `lumi:"formerly=compute/volume"`
	Size         float64
}

// Disk names its own token, and one twice.
type Disk struct {
	idl.Resource `lumi:"formerly=acme:bad:Disk"`
	Size         float64
}

// Drive lists one token twice.
type Drive struct {
	idl.Resource `lumi:"formerly=acme:old:Drive|acme:old:Drive"`
	Size         float64
}

// Tape was called Volume, whose token it cannot take.
type Tape struct {
	idl.Resource `lumi:"formerly=acme:bad:Volume"`
	Size         float64
}

// Reel claims the earlier token that Spool claims too.
type Reel struct {
	idl.Resource `lumi:"formerly=acme:old:Spool"`
	Size         float64
}

// Spool was acme:old:Spool.
type Spool struct {
	idl.Resource `lumi:"formerly=acme:old:Spool"`
	Size         float64
}

// Bucket gives state versions that are not versions.
type Bucket struct {
	idl.NamedResource `lumi:"stateVersion=0"`
	Size              float64
}

// Queue gives a version that is not a number, and formerly with no tokens.
type Queue struct {
	idl.NamedResource `lumi:"stateVersion=two,formerly"`
	Size              float64
}

// Topic gives its version twice.
type Topic struct {
	idl.Resource `lumi:"stateVersion=1,stateVersion=2"`
	Size         float64
}

// GetSize has no state to version.
type GetSize struct {
	idl.Function `lumi:"stateVersion=1"`
	Name         string
	Size         float64 `lumi:"out"`
}
