package bad

import "github.com/cidlc/cidlc/idl"

// Settings is a plain struct.
type Settings struct {
	// Level is read from the environment.
	Level string `lumi:"env=LEVEL"`
}

// Thing is a resource.
type Thing struct {
	idl.Resource
	// Region is read from the environment.
	Region string `lumi:"env=REGION"`
	// Settings of the thing.
	Settings *Settings `lumi:"optional"`
}
