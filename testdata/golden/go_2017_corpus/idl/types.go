// Package aws is a corpus written the way the 2017 tool's IDLs were: name-first lumi tags on every
// field, in and out on pointers, required assets behind pointers, a resource-derived type, capabilities
// across packages, and an enum named like a name cidlc generates. It compiles as it is.
package aws

// ARN is an Amazon Resource Name.
type ARN string

// Region is an AWS region.
type Region string

const (
	USEast1Region Region = "us-east-1" // US East (N. Virginia)
	USWest2Region Region = "us-west-2" // US West (Oregon)
)

// DefaultRegion is the region used when none is given.
const DefaultRegion = "us-west-2"
