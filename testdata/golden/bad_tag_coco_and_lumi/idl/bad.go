package bad

import "github.com/cidlc/cidlc/idl"

// Thing is a resource.
type Thing struct {
	idl.Resource
	// Code has a coco tag (the 2017 coconut name of lumi) and a lumi tag.
	Code *idl.Asset `coco:"code" lumi:"code"`
}
