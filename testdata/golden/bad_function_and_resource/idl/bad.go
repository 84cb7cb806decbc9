package bad

import "github.com/cidlc/cidlc/idl"

// Both is a resource and a function.
type Both struct {
	idl.Resource
	idl.Function
	ID string `lumi:"out"`
}

// Named is a named resource and a function.
type Named struct {
	idl.Function
	idl.NamedResource
	ID string `lumi:"out"`
}

// Tagged tags its marker.
type Tagged struct {
	idl.Function `lumi:"x"`
	ID           string `lumi:"out"`
}

// Settings is the configuration and a function.
type Settings struct {
	idl.Config
	idl.Function
	Region string
}
