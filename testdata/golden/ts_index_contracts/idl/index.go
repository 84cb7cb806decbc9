// Package shop declares its resource in index.go, whose declarations the TypeScript package puts into
// index.ts itself: the barrel must import the contracts' runtime, and the package must have it.
package shop

import "github.com/cidlc/cidlc/idl"

// A Cart holds items.
type Cart struct {
	idl.Resource
	// How many items, at most 10.
	Count float64 `lumi:"min=0,max=10"`
}
