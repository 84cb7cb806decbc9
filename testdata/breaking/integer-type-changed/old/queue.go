// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Queue holds messages.
type Queue struct {
	idl.Resource
	// Priority was a number.
	Priority float64
	// Length was an int.
	Length int
	// Shards were int32s.
	Shards []int32
	// Limit was an int.
	Limit int
	// Weight was an int.
	Weight int
}
