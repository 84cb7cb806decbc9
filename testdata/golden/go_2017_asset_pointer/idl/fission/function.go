package fission

import (
	"github.com/cidlc/cidlc/idl"
)

// A Function is a serverless function, its code given as one file.
type Function struct {
	idl.NamedResource
	// Environment is the name of the environment the function runs in.
	Environment string `lumi:"environment"`
	// Code is the function's source: a required asset behind a pointer, as kubefission wrote it.
	Code *idl.Asset `lumi:"code"`
	// Config is an optional asset with the function's configuration.
	Config *idl.Asset `lumi:"config,optional"`
	// Secrets are files given to the function once and never read back.
	Secrets *idl.Asset `lumi:"secrets,in"`
}
