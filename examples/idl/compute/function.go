package compute

import (
	acme "github.com/cidlc/cidlc/examples/idl"
	"github.com/cidlc/cidlc/examples/idl/iam"
	"github.com/cidlc/cidlc/examples/idl/network"
	"github.com/cidlc/cidlc/examples/idl/storage"
	"github.com/cidlc/cidlc/idl"
)

// MaxFunctionMemoryMB is the most memory a function can be given, in MiB.
const MaxFunctionMemoryMB int = 10240

// Runtime is the language runtime a function's code runs on.
type Runtime string

const (
	// RuntimeNodeJS20 is Node.js 20.
	RuntimeNodeJS20 Runtime = "nodejs20.x"
	// RuntimePython312 is Python 3.12.
	RuntimePython312 Runtime = "python3.12"
	// RuntimeGo is a Go program compiled for linux/amd64, started as the executable named by Handler.
	RuntimeGo Runtime = "go1.x"
	// RuntimeCustom runs any executable named "bootstrap" at the root of the code archive.
	RuntimeCustom Runtime = "provided"
)

// EventSource is a bucket whose object events (an object created, overwritten or deleted) invoke a
// function. It is another name for storage.Bucket, for references only: a program passes a Bucket.
type EventSource storage.Bucket

// Function is a serverless function: code that Acme Cloud runs on demand, in response to HTTP requests
// from a load balancer or to events, billed per invocation.
type Function struct {
	idl.NamedResource
	// Code is the function's code: a directory, a zip file or a tarball.
	Code idl.Archive
	// Layer is an extra archive of libraries, unpacked under /opt next to the code.
	Layer *idl.Archive `lumi:"optional"`
	// Runtime is the language runtime the code runs on.
	Runtime Runtime
	// Handler is the entry point in the code, such as "index.handler" for Node.js.
	Handler string `lumi:"minLength=1,maxLength=128"`
	// Role is the identity the function runs as; the role must trust the functions service.
	Role *iam.Role
	// MemoryMB is the memory given to each invocation, in MiB: a multiple of 64 from 128 to
	// MaxFunctionMemoryMB. CPU grows with it.
	MemoryMB int `lumi:"min=128,max=10240,multipleOf=64,default=128"`
	// Timeout is how long, in seconds, an invocation may run before it is stopped: at most 15 minutes.
	Timeout int `lumi:"min=1,max=900,default=3"`
	// Environment are environment variables visible to the code.
	Environment *map[string]string `lumi:"optional"`
	// Secrets are environment variables with secret values. They are stored encrypted and never read back.
	Secrets *map[string]string `lumi:"optional,in,secret"`
	// Subnets attach the function to a VPC, so that it can reach private addresses.
	Subnets *[]*network.Subnet `lumi:"optional"`
	// EventSources are the buckets whose object events invoke the function.
	EventSources *[]EventSource `lumi:"optional"`
	// Region is the region the function runs in. Defaults to the provider's region.
	Region *acme.Region `lumi:"optional,replaces"`
	// Tags are labels attached to the function.
	Tags *acme.Tags `lumi:"optional"`
	// ARN is the Acme Resource Name of the function.
	ARN *acme.ARN `lumi:"out"`
	// InvokeURL is the HTTPS address that invokes the function.
	InvokeURL *string `lumi:"invokeUrl,out"`
	// CodeSHA256 is the base64-encoded SHA-256 hash of the deployed code archive.
	CodeSHA256 *string `lumi:"out"`
}
