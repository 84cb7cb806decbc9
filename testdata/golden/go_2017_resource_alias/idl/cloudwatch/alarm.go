package cloudwatch

import (
	"github.com/cidlc/cidlc/idl"

	"github.com/cidlc/cidlc/testdata/golden/go_2017_resource_alias/idl/sns"
)

// Alarm watches a metric and notifies its targets.
type Alarm struct {
	idl.NamedResource
	// MetricName is the metric watched.
	MetricName string `lumi:"metricName"`
	// AlarmActions are notified when the alarm goes off: the 2017 spelling, the type by value in an
	// optional slice.
	AlarmActions *[]ActionTarget `lumi:"alarmActions,optional"`
	// OKActions are notified when the alarm recovers.
	OKActions *[]ActionTarget `lumi:"okActions,optional"`
	// Primary is the target notified first: the type by value, a required reference.
	Primary ActionTarget `lumi:"primary"`
	// Fallback is notified when Primary fails: behind a pointer, an optional reference.
	Fallback *ActionTarget `lumi:"fallback,optional"`
	// ByRegion are targets by region: the type by value as map values.
	ByRegion *map[string]ActionTarget `lumi:"byRegion,optional"`
	// Escalation is a list of pointers to the type, which means the same as the values.
	Escalation []*ActionTarget `lumi:"escalation"`
	// Topic refers to the resource by its own name.
	Topic *sns.Topic `lumi:"topic,optional"`
}

// ActionTarget is a strongly typed capability for an action target.
type ActionTarget sns.Topic
