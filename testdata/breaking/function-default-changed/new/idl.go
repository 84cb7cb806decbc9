// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// GetImage finds an image.
type GetImage struct {
	idl.Function
	Name  string
	Arch  string `lumi:"default=arm64"`
	Owner string `lumi:"default=self"`
	ID    string `lumi:"out"`
}
