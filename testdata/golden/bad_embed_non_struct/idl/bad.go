package bad

import "github.com/cidlc/cidlc/idl"

// ARN is an ARN.
type ARN string

// Thing is a resource.
type Thing struct {
	idl.Resource
	ARN
}
