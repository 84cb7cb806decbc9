package bad

import (
	"time"

	"github.com/cidlc/cidlc/idl"
)

// Thing is a resource.
type Thing struct {
	idl.Resource
	// Count.
	Count int64
	// Size.
	Size *float64
	// When.
	When time.Time
	// Name.
	Name string `lumi:"optional,bogus"`
	// URN.
	URN string
}

// Helper helps.
func Helper() {}

// Default defaults.
var Default = 1

// Max is the most.
const Max uint = 3
