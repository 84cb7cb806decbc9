// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// GetImage finds an image by its name.
type GetImage struct {
	idl.Function
	Name  string
	Owner *string `lumi:"optional"`
	Tag   *string `lumi:"optional"`
	ID    string  `lumi:"out"`
	Size  float64 `lumi:"out"`
	ARN   string  `lumi:"out"`
}
