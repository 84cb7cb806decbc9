package bad

import "github.com/cidlc/cidlc/idl"

// Server takes minutes to boot, and its timeouts are written with slips of every kind.
type Server struct {
	idl.Resource `lumi:"createTimeout=10,updateTimeout=500ms,deleteTimeout"`
}

// Volume gives a timeout twice, misspells one, and makes its missing name immutable.
type Volume struct {
	idl.Resource `lumi:"deleteTimeout=1h,deleteTimeout=2h,createTimout=5m,immutable"`
}

// Bucket gives every operation its own timeout, and a default that applies to none.
type Bucket struct {
	idl.NamedResource `lumi:"timeout=5m,createTimeout=1m,updateTimeout=1m,deleteTimeout=1m,"`
}

// Queue has a negative timeout, in a tag the loader cannot place exactly (an interpreted string).
type Queue struct {
	idl.NamedResource "lumi:\"immutable,timeout=-5m\""
}
