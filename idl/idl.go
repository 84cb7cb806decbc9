package idl

// Resource marks a struct as a resource: embed it (by value) as the struct's first field.
//
//	type Bucket struct {
//		idl.Resource
//		Versioning *bool `lumi:"optional"`
//	}
//
// Its tag may give the resource default timeouts (lumi:"createTimeout=20m,deleteTimeout=5m"; see
// Timeouts in the package documentation). A field of type *idl.Resource (or, as in 2017 IDLs,
// idl.Resource as the element of a slice or map) is a reference to a resource of any type.
type Resource struct{}

// NamedResource marks a struct as a named resource: like Resource, plus a `name` property. The name is a
// string, forces replacement when it changes, and is made up by the provider when the program does not
// give one: the resource's Pulumi name and a random suffix, or, embedded with the tag lumi:"verbatim",
// the resource's Pulumi name itself (see Names in the package documentation, which also says how the
// tag gives the name a contract: name.maxLength=, …). Embedded with the tag lumi:"immutable", a change
// of the name fails instead of replacing the resource; its tag may give the resource default timeouts
// too, as Resource's may.
type NamedResource struct {
	Resource
}

// Asset is a blob of data a property carries by content: a file, a string or a remote URL. It maps to
// Pulumi's asset type. idl.Asset and *idl.Asset (the 2017 IDLs' spelling) mean the same: a required
// asset, or an optional one with lumi:"optional" (which needs the pointer).
type Asset struct{}

// Archive is a collection of assets (a directory, a tarball, a zip file). It maps to Pulumi's archive
// type. Like Asset, it may be written by value or behind a pointer.
type Archive struct{}

// Config marks the struct that declares the provider's configuration: embed it (by value) in one struct
// of the IDL's root package. Its fields are the provider's configuration keys, as `pulumi config set
// acme:region eu-west-1` sets them for the default provider and the arguments of an explicit provider
// set them for that one:
//
//	type Config struct {
//		idl.Config
//		// Region is where resources go when they do not say.
//		Region string `lumi:"default=us-west-1,env=ACME_REGION,replaces"`
//		// Token authenticates every call.
//		Token string `lumi:"secret,env=ACME_TOKEN"`
//	}
type Config struct{}

// Function marks a struct as a function: a question the provider answers, such as which image is the
// latest or which zones a region has (Pulumi calls it an invoke). Embed it (by value). The fields
// without the out option are the function's inputs, and its out fields are its results (optional,out
// for a result that may be absent).
//
//	type GetImage struct {
//		idl.Function
//		Name  string  // an input
//		ID    string  `lumi:"out"`          // a result
//		Owner *string `lumi:"optional,out"` // a result that may be absent
//	}
type Function struct{}
