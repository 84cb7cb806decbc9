// Package network is the case's IDL.
package network

import (
	"github.com/cidlc/cidlc/idl"
	"github.com/cidlc/cidlc/testdata/breaking/type-namespace-changed/new/compute"
)

// Rule lets traffic in.
type Rule struct {
	idl.Resource
	// Protocol is what it lets in.
	Protocol compute.Protocol
}
