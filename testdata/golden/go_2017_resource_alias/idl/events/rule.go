package events

import (
	"github.com/cidlc/cidlc/idl"

	"github.com/cidlc/cidlc/testdata/golden/go_2017_resource_alias/idl/cloudwatch"
)

// Target is defined from a type that is itself defined from a resource: it names the same resource.
type Target cloudwatch.ActionTarget

// Rule sends events to its targets.
type Rule struct {
	idl.Resource
	// Targets receive the events.
	Targets []Target `lumi:"targets"`
	// Settings hold more targets, inside a plain struct.
	Settings *RuleSettings `lumi:"settings,optional"`
}

// RuleSettings are the settings of a rule.
type RuleSettings struct {
	// DeadLetter receives the events that could not be delivered.
	DeadLetter *cloudwatch.ActionTarget `lumi:"deadLetter,optional"`
}
