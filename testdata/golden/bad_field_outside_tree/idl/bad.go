package bad

import (
	"time"

	"github.com/cidlc/cidlc/idl"
)

// Thing is a resource.
type Thing struct {
	idl.Resource
	// When it happened.
	When time.Time
}
