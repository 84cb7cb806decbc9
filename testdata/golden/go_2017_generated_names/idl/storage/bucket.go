package storage

import (
	"github.com/cidlc/cidlc/idl"
)

// Bucket stores objects.
type Bucket struct {
	idl.NamedResource
	// Args are the bucket's settings: a struct named like the TypeScript arguments of the resource.
	Args BucketArgs `lumi:"args"`
	// Provider says where the bucket lives: a struct named like the Go provider of the resource.
	Provider *BucketProvider `lumi:"provider,optional"`
	// Rules apply to the bucket's objects.
	Rules *[]Rule `lumi:"rules,optional"`
}

// BucketArgs are a bucket's settings.
type BucketArgs struct {
	// Versioning keeps old versions of objects.
	Versioning bool `lumi:"versioning"`
}

// BucketProvider is where a bucket lives.
type BucketProvider struct {
	// Region is the bucket's region.
	Region string `lumi:"region"`
}

// Rule applies to the objects whose keys start with a prefix.
type Rule struct {
	// Prefix selects the objects.
	Prefix string `lumi:"prefix"`
	// Args are the rule's arguments: a struct named like the input shape of struct Rule.
	Args *RuleArgs `lumi:"args,optional"`
}

// RuleArgs are a rule's arguments.
type RuleArgs struct {
	// Days after which the rule applies.
	Days float64 `lumi:"days"`
}

// UnmarshalRule is a string type named like the Go decoder of struct Rule.
type UnmarshalRule string
