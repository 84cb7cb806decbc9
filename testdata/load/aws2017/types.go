// Package aws is a slice of the 2017 AWS IDL, in its own style: wire names first in tags.
package aws

// ARN is an Amazon Resource Name.
type ARN string

// Environment is a set of environment variables.
type Environment map[string]string

// Tag is a key/value pair attached to a resource.
type Tag struct {
	// The key name of the tag.
	Key string `lumi:"key"`
	// The value of the tag.
	Value string `lumi:"value"`
}
