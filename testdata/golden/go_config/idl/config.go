// Package cloud exercises the provider's configuration: a property of every kind of value, environment
// fallbacks, secrets, defaults, contracts, and properties whose change replaces the provider.
package cloud

import "github.com/cidlc/cidlc/idl"

// Region is where a resource lives.
type Region string

// The regions.
const (
	USWest Region = "us-west-1" // Oregon
	EUWest Region = "eu-west-1" // Ireland
)

// Endpoint is a URL.
type Endpoint string

// Labels are free-form labels.
type Labels map[string]string

// Retry says how calls are retried.
type Retry struct {
	// Attempts is how many times a call is tried.
	Attempts float64 `lumi:"min=1,max=10"`
	// Backoff is the first pause, in seconds.
	Backoff *float64 `lumi:"optional,exclusiveMin=0"`
}

// Config is how a cloud provider connects.
type Config struct {
	idl.Config
	// Region is where resources go when they do not say. Changing it moves every resource.
	Region Region `lumi:"default=us-west-1,env=CLOUD_REGION|CLOUD_DEFAULT_REGION,replaces"`
	// Token authenticates every call.
	Token string `lumi:"secret,env=CLOUD_TOKEN,minLength=16,pattern=^tok_"`
	// Account is the account resources belong to; changing it replaces the provider.
	Account string `lumi:"replaces"`
	// Endpoint is the API's address.
	Endpoint *Endpoint `lumi:"optional,env=CLOUD_ENDPOINT,pattern=^https://"`
	// Retries is how many times a failed call is retried.
	Retries float64 `lumi:"default=3,min=0,max=10,env=CLOUD_RETRIES"`
	// Insecure skips TLS verification.
	Insecure *bool `lumi:"optional,env=CLOUD_INSECURE"`
	// Verbose logs every call.
	Verbose bool `lumi:"default=false"`
	// Labels are added to every resource.
	Labels *Labels `lumi:"optional,maxProperties=8"`
	// Zones are the zones resources may use.
	Zones *[]string `lumi:"optional,uniqueItems,items.pattern=^[a-z]+-[0-9][a-z]$"`
	// Retry says how failed calls are retried.
	Retry *Retry `lumi:"optional"`
	// Extra is passed to the API as it is.
	Extra *any `lumi:"optional"`
	// Password is the old way to authenticate.
	Password *string `lumi:"optional,secret,deprecated=use token"`
}

// Disk is a disk of the cloud.
type Disk struct {
	idl.NamedResource
	// Size in GiB.
	Size float64 `lumi:"min=1"`
	// Zone is where the disk lives.
	Zone *string `lumi:"optional"`
	// ARN names the disk.
	ARN *string `lumi:"out"`
}
