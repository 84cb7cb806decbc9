// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Region is where resources live.
type Region string

const (
	// RegionWest is the west.
	RegionWest Region = "us-west-1"
	// RegionEast is the east.
	RegionEast Region = "us-east-1"
)

// Config is how the provider reaches the cloud.
type Config struct {
	idl.Config
	// Region is where resources go.
	Region Region `lumi:"default=us-west-1,env=ACME_REGION"`
	// Token authenticates every call.
	Token string `lumi:"secret,env=ACME_TOKEN"`
}
