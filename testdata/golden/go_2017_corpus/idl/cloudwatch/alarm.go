package cloudwatch

import (
	"github.com/cidlc/cidlc/idl"

	"github.com/cidlc/cidlc/testdata/golden/go_2017_corpus/idl/sns"
)

// Alarm watches a metric and notifies when it crosses a threshold.
type Alarm struct {
	idl.NamedResource
	// ComparisonOperator compares the statistic with the threshold.
	ComparisonOperator AlarmComparisonOperator `lumi:"comparisonOperator"`
	// EvaluationPeriods is how many periods are compared.
	EvaluationPeriods float64 `lumi:"evaluationPeriods"`
	// MetricName is the metric watched.
	MetricName string `lumi:"metricName"`
	// Period is the length of a period, in seconds.
	Period float64 `lumi:"period"`
	// Threshold is compared with the statistic.
	Threshold float64 `lumi:"threshold"`
	// AlarmActions are notified when the alarm goes off.
	AlarmActions *[]ActionTarget `lumi:"alarmActions,optional"`
	// OKActions are notified when the alarm recovers.
	OKActions *[]ActionTarget `lumi:"okActions,optional"`
	// Dimensions select the metric's data.
	Dimensions *[]AlarmDimension `lumi:"dimensions,optional"`
}

// ActionTarget is a strongly typed capability for what an alarm notifies.
type ActionTarget sns.Topic

// AlarmComparisonOperator is how a statistic is compared with a threshold.
type AlarmComparisonOperator string

const (
	GreaterThanThreshold AlarmComparisonOperator = "GreaterThanThreshold"
	LessThanThreshold    AlarmComparisonOperator = "LessThanThreshold"
)

// AlarmDimension is a name and a value that select a metric's data.
type AlarmDimension struct {
	// Name of the dimension.
	Name string `lumi:"name"`
	// Value of the dimension.
	Value string `lumi:"value"`
}
