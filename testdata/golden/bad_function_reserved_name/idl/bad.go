package bad

import "github.com/cidlc/cidlc/idl"

// Delete would be called delete.
type Delete struct {
	idl.Function
	Name string
	Gone bool `lumi:"out"`
}

// Eval would be called eval.
type Eval struct {
	idl.Function
	Value string `lumi:"out"`
}

// Undefined would hide undefined.
type Undefined struct {
	idl.Function
	Value string `lumi:"out"`
}
