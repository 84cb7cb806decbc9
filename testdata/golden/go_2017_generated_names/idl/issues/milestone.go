package issues

import (
	"github.com/cidlc/cidlc/idl"
)

// Milestone tracks the progress of a group of issues.
type Milestone struct {
	idl.Resource
	// Title is unique within a repository.
	Title string `lumi:"title,replaces"`
	// State is open or closed: an enum named like the TypeScript state of the resource.
	State *MilestoneState `lumi:"state,optional"`
}

// MilestoneState is the state of a milestone.
type MilestoneState string

const (
	MilestoneOpen   MilestoneState = "open"
	MilestoneClosed MilestoneState = "closed"
)
