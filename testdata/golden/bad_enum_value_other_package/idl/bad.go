package bad

// Region is a region.
type Region string

// East is east.
const East Region = "us-east-1"
