// Package queue declares the broker's queues.
package queue

import "github.com/cidlc/cidlc/idl"

// Queue holds messages until consumers take them.
type Queue struct {
	idl.NamedResource
	// MaxPriority is the highest priority a message may have; the broker keeps one sub-queue per
	// priority.
	MaxPriority *int32 `lumi:"optional,min=1,max=255"`
	// MaxLength is how many messages the queue holds before it drops the oldest.
	MaxLength int `lumi:"default=100000,min=0"`
	// TTL is how long a message lives, in milliseconds.
	TTL *int `lumi:"optional,exclusiveMin=0,multipleOf=1000"`
	// Shards are the sizes of the queue's shards.
	Shards *[]int32 `lumi:"optional,maxItems=8,items.min=1"`
	// Limits are per-consumer limits, by consumer.
	Limits *map[string]int `lumi:"optional"`
	// Policy is how the queue overflows.
	Policy *Overflow `lumi:"optional"`
	// Depth is how many messages the queue holds now.
	Depth int `lumi:"out"`
}

// Overflow says what a full queue does.
type Overflow struct {
	// Threshold is the share of the maximum length, in percent, at which the queue starts to refuse.
	Threshold int32 `lumi:"min=1,max=100"`
	// Delay is how long a refused publisher waits, in seconds.
	Delay *float64 `lumi:"optional,min=0"`
}

// GetQueueStats counts a queue's messages.
type GetQueueStats struct {
	idl.Function
	// Name is the queue's name.
	Name string `lumi:"minLength=1"`
	// Sample is how many messages to look at.
	Sample int `lumi:"default=10,min=1,max=1000"`
	// Ready is how many messages wait for a consumer.
	Ready int `lumi:"out"`
	// Unacked is how many messages a consumer holds.
	Unacked int32 `lumi:"out"`
}
