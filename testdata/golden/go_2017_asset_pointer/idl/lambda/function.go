package lambda

import (
	"github.com/cidlc/cidlc/idl"
)

// A Function runs code in response to events.
type Function struct {
	idl.NamedResource
	// Code is the function's code: a required archive behind a pointer, as the aws IDL wrote it.
	Code *idl.Archive `lumi:"code"`
	// Handler is the entry point in the code.
	Handler string `lumi:"handler"`
	// Layers are extra archives, each behind a pointer.
	Layers []*idl.Archive `lumi:"layers"`
	// Files are named assets, each behind a pointer.
	Files map[string]*idl.Asset `lumi:"files"`
	// Extras are optional archives, each behind a pointer.
	Extras *[]*idl.Archive `lumi:"extras,optional"`
	// Plain is a required asset by value: the spelling cidlc has always taken, with the same meaning.
	Plain idl.Asset `lumi:"plain"`
}

// Bundle is a plain struct that holds assets behind pointers too.
type Bundle struct {
	// Main is the bundle's main archive.
	Main *idl.Archive `lumi:"main"`
	// Extra is an optional asset.
	Extra *idl.Asset `lumi:"extra,optional"`
}

// A Deployment deploys bundles.
type Deployment struct {
	idl.Resource
	// Bundles are deployed in order.
	Bundles []Bundle `lumi:"bundles"`
}
