package bad

import "github.com/cidlc/cidlc/idl"

// Topic is a resource.
type Topic struct {
	idl.Resource
}

// Target names a topic.
type Target Topic

// Thing is a resource that uses Target where only a struct or a string would do.
type Thing struct {
	idl.Resource
	// Primary is optional by value: that needs a pointer.
	Primary Target `lumi:"primary,optional"`
	// Hidden is a secret reference: references are never secret.
	Hidden *Target `lumi:"hidden,secret"`
	// ByTarget is keyed by Target, which is not a string.
	ByTarget map[Target]string `lumi:"byTarget"`
	// A resource alias cannot be embedded.
	Target
}

// Other is a Go alias of a resource.
type Other = Topic
