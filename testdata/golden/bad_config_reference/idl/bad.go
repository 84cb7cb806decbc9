package bad

import "github.com/cidlc/cidlc/idl"

// Bucket is a resource.
type Bucket struct {
	idl.Resource
}

// Mirror holds a source.
type Mirror struct {
	// Source is where it mirrors from.
	Source Source
}

// Base holds a reference, for a configuration that embeds it.
type Base struct {
	// Logs is where logs go.
	Logs *Bucket
}

// Config configures the provider.
type Config struct {
	idl.Config
	Base
	// Bucket is a resource.
	Bucket *Bucket
	// Any refers to any resource.
	Any *[]*idl.Resource `lumi:"optional"`
	// Template is an archive.
	Template *idl.Archive `lumi:"optional"`
	// Mirror holds an asset.
	Mirror *Mirror `lumi:"optional"`
}

// Source holds an asset, deep down; it is declared after the configuration that holds it.
type Source struct {
	// Files are the source's files.
	Files map[string]idl.Asset
}
