package bad

import "github.com/cidlc/cidlc/idl"

// Thing is a resource.
type Thing struct {
	idl.Resource
	// Mode.
	Mode Mode `lumi:"default=fast"`
}

// Mode is how.
type Mode string

// The modes.
const (
	// Slow is slow.
	Slow Mode = "slow"
	// Quick is quick.
	Quick Mode = "quick"
)
