package lookup

import "github.com/cidlc/cidlc/idl"

// Promise is a struct named like JavaScript's Promise, which the plain form of a function returns: a
// function of this file says globalThis.Promise.
type Promise struct {
	// Due is when it is due.
	Due string
}

// GetPromise returns a Promise.
type GetPromise struct {
	idl.Function
	// Of is whose promise it is.
	Of string
	// Promise is the promise.
	Promise Promise `lumi:"out"`
}
