package bad

// Region is a region.
type Region string

// Regions.
const (
	// East.
	East Region = "us-east-1"
	// AlsoEast.
	AlsoEast Region = "us-east-1"
)
