// Package mq counts with float64s that say they are whole: each gets a warning, and the schema says
// "a whole number", not "a multiple of 1".
package mq

import "github.com/cidlc/cidlc/idl"

// Queue holds messages.
type Queue struct {
	idl.Resource
	// Priority is the highest priority a message may have.
	Priority float64 `lumi:"min=1,max=255,multipleOf=1"`
	// Shards are the sizes of the queue's shards.
	Shards *[]float64 `lumi:"optional,items.multipleOf=1"`
	// Delay is how long a refused publisher waits, in seconds, a half at a time.
	Delay *float64 `lumi:"optional,multipleOf=0.5"`
}
