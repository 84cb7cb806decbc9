package bad

import "github.com/cidlc/cidlc/idl"

// Disk has no name to keep verbatim.
type Disk struct {
	idl.Resource `lumi:"verbatim"`
}

// Tape has no name to constrain.
type Tape struct {
	idl.Resource `lumi:"name.maxLength=10"`
}

// Queue gives verbatim a value.
type Queue struct {
	idl.NamedResource `lumi:"verbatim=true"`
}

// Topic gives verbatim twice.
type Topic struct {
	idl.NamedResource `lumi:"verbatim,verbatim"`
}

// Bucket constrains its name with a number's option, and mistypes a string's.
type Bucket struct {
	idl.NamedResource `lumi:"name.min=3,name.maxLenght=63,name.uniqueItems"`
}

// Table gives a contract without a value, one that does not parse, and one twice.
type Table struct {
	idl.NamedResource `lumi:"name.maxLength,name.minLength=-1,name.pattern=[a-,name.pattern=^a$,name.pattern=^b$"`
}

// View's bounds leave no name.
type View struct {
	idl.NamedResource `lumi:"immutable,name.minLength=10,name.maxLength=5"`
}

// Sequence misspells verbatim.
type Sequence struct {
	idl.NamedResource `lumi:"verbatm"`
}
