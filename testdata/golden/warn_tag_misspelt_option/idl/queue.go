// Package mq has tags whose first element is a misspelt option: each names its property, with a warning.
package mq

import "github.com/cidlc/cidlc/idl"

// Queue holds messages.
type Queue struct {
	idl.Resource
	// Size reads as a property named replacs.
	Size float64 `lumi:"replacs"`
	// Mode has two letters swapped.
	Mode *string `lumi:"imumtable,optional"`
	// Level has another case.
	Level int `lumi:"Secret"`
	// Address is one edit from in, and is a name: the short options are left out.
	Address string `lumi:"ip"`
	// Label is far from every option.
	Label string `lumi:"label"`
}
