package sqs

import (
	"github.com/cidlc/cidlc/testdata/golden/go_2017_gaps/compat/idl"
)

// Common are the settings every queue has; queues embed them.
type Common struct {
	// Region is where the queue lives.
	Region string `lumi:"region"`
	// Tags label the queue.
	Tags *map[string]string `lumi:"tags,optional"`
}

// Queue is a message queue: it embeds Common, whose properties become the queue's own.
type Queue struct {
	idl.NamedResource
	Common
	// DelaySeconds delays every message.
	DelaySeconds *float64 `lumi:"delaySeconds,optional"`
	// RedrivePolicy sends failed messages elsewhere.
	RedrivePolicy *RedrivePolicy `lumi:"redrivePolicy,optional"`
	// DeadLetter is the dead-letter setting.
	DeadLetter *DeadLetterPolicy `lumi:"deadLetter,optional"`
	// URL is the queue's address.
	URL *string `lumi:"url,out"`
}

// Limits bound what a redrive policy does.
type Limits struct {
	// MaxReceiveCount is how often a message is received before it is moved.
	MaxReceiveCount float64 `lumi:"maxReceiveCount"`
}

// RedrivePolicy moves messages that fail too often; it embeds Limits.
type RedrivePolicy struct {
	Limits
	// Target receives the messages.
	Target *Queue `lumi:"target"`
}

// DeadLetterPolicy is a struct type defined from another: the same properties, a type of its own.
type DeadLetterPolicy RedrivePolicy
