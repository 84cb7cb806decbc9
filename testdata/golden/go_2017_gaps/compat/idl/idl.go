// Package idl stands where a 2017 marker package stood (github.com/pulumi/lumi/pkg/resource/idl): Go
// aliases of cidlc's markers, so that an IDL keeps its import path. cidlc knows a marker by what a type
// resolves to, not by the path it is imported from.
package idl

import cidl "github.com/cidlc/cidlc/idl"

type (
	Resource      = cidl.Resource
	NamedResource = cidl.NamedResource
	Asset         = cidl.Asset
	Archive       = cidl.Archive
)
