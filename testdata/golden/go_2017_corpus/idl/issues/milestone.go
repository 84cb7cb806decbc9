package issues

import (
	"github.com/cidlc/cidlc/idl"
)

// Milestone tracks the progress of a group of issues.
type Milestone struct {
	idl.Resource
	// Title is unique within a repository.
	Title string `lumi:"title,replaces"`
	// DueOn is the due date, an ISO 8601 timestamp.
	DueOn string `lumi:"dueOn"`
	// Description says what the milestone is for.
	Description *string `lumi:"description,optional"`
	// State is open or closed.
	State *MilestoneState `lumi:"state,optional"`
	// Repo holds the milestone.
	Repo *string `lumi:"repo,optional,replaces"`
}

// MilestoneState is the state of a milestone.
type MilestoneState string

const (
	MilestoneOpen   MilestoneState = "open"
	MilestoneClosed MilestoneState = "closed"
)

// Label tags issues.
type Label struct {
	idl.Resource
	// Name is the label's text.
	Name string `lumi:"name"`
	// Color is a hex color code, without the #.
	Color string `lumi:"color"`
}
