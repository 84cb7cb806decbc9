// Package network is the case's IDL.
package network

import (
	"github.com/cidlc/cidlc/idl"
	acme "github.com/cidlc/cidlc/testdata/breaking/alias-type-changed-across-packages/new"
)

// VPC is a private network.
type VPC struct {
	idl.Resource
	// Tags label it.
	Tags *acme.Tags `lumi:"optional"`
}
