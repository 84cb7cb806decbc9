// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// FindImage finds an image.
type FindImage struct {
	idl.Function
	Name string
	ID   string `lumi:"out"`
}
