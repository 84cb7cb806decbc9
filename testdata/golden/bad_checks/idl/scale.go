package bad

import "github.com/cidlc/cidlc/idl"

// Autoscaler keeps instances running; its checks go wrong in every way cidlc finds.
//
//cidlc:check "a field that is not" self.minReplica <= self.maxReplicas
//cidlc:check "an int beside a double" self.minReplicas <= self.ratio
//cidlc:check self.minReplicas + 1
//cidlc:check "half an expression" self.minReplicas <=
//cidlc:check "an output" has(self.current)
//cidlc:check "a reference" has(self.group)
//cidlc:check "into a struct" self.disk.sise > 1
//cidlc:check "ünïcödé before the error" "é" == self.nam
//cidlc:check "no expression"
//cidlc:check "unterminated self.minReplicas > 0
type Autoscaler struct {
	idl.Resource
	// MinReplicas is the fewest instances.
	MinReplicas int
	// MaxReplicas is the most.
	MaxReplicas int
	// Ratio is a ratio.
	Ratio float64
	// Disk is the disk.
	Disk *Disk `lumi:"optional"`
	// Group is a reference.
	Group *Group `lumi:"optional"`
	// Current is an output.
	Current *int `lumi:"out"`
}

// Group is another resource.
type Group struct {
	idl.Resource
}

// Disk is a disk.
type Disk struct {
	// Size in GiB.
	Size int
}

// Mode is an enum, which has no values to check as a whole.
//
//cidlc:check self == "a"
type Mode string

// The modes.
const (
	ModeA Mode = "a" // A.
)

//cidlc:check "checks nothing" true
