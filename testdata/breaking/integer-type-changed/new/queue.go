// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Queue holds messages.
type Queue struct {
	idl.Resource
	// Priority was a number.
	Priority int
	// Length was an int.
	Length float64
	// Shards were int32s.
	Shards []int
	// Limit was an int.
	Limit int32
	// Weight was an int.
	Weight int
}
