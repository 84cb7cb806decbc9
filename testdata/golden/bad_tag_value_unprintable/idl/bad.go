package bad

import "github.com/cidlc/cidlc/idl"

// Thing has tag values that a line of text cannot show: the diagnostics quote them.
type Thing struct {
	idl.Resource
	// Size has a default with a control character and a zero-width space.
	Size float64 "lumi:\"default=1\\x7f\\u200b\""
	// Label has a line break in a default that breaks its maxLength.
	Label string "lumi:\"maxLength=1,default=a\\nb\""
	// Count has a minimum with a NUL in it.
	Count float64 "lumi:\"min=1\\x00\""
	// Name has a pattern RE2 rejects, with a line break in it.
	Name string "lumi:\"pattern=(\\n\""
}
