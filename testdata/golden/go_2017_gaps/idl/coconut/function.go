package coconut

import (
	"github.com/cidlc/cidlc/idl"
)

// Function is written as the coconut-era IDLs wrote it, with coco tags.
type Function struct {
	idl.NamedResource
	// Code is the function's code.
	Code *idl.Asset `coco:"code"`
	// Handler is the entry point.
	Handler string `coco:"handler"`
	// Description says what the function does.
	Description *string `coco:"description,optional"`
	// ARN names the function.
	ARN string `coco:"arn,out"`
}
