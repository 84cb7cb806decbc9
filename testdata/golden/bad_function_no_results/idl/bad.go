package bad

import "github.com/cidlc/cidlc/idl"

// Ping asks nothing back.
type Ping struct {
	idl.Function
	Host string
}
