// Package objects declares, in its index.go, an Object, whose class cannot have its name, beside a
// resource called Object_ in another file: the barrel holds the one and re-exports the other, so the
// class of the first is declared as Object__.
package objects

import "github.com/cidlc/cidlc/idl"

// Object is declared in the barrel.
type Object struct {
	idl.Resource
	// Other is the resource whose name its class would take.
	Other *Object_ `lumi:"optional"`
}
