// Package mymod is in a directory whose name is not an identifier: its namespace name is a string.
package mymod

import hostile "github.com/cidlc/cidlc/testdata/golden/ts_hostile/idl"

// Uses refers to the root module.
type Uses struct {
	// Quote is an enum of the root module.
	Quote hostile.Quote
}
