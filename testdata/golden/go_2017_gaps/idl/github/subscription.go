package github

import (
	"github.com/cidlc/cidlc/idl"
)

// Subscription is a named resource with a Go field called Name whose wire name is service: the stubs
// keep the author's field Name, and the resource's name becomes ResourceName.
type Subscription struct {
	idl.NamedResource
	// Name is the name of the service.
	Name string `lumi:"service"`
	// Active says whether the hook is triggered.
	Active *bool `lumi:"active,optional"`
}
