package acme

import "github.com/cidlc/cidlc/idl"

// Config is how the provider reaches Acme Cloud: the account's API token, and the region of the
// resources that do not name one. A stack sets it with `pulumi config set acme:…`; a program may also
// create providers of its own, each with another region or another token.
type Config struct {
	idl.Config
	// Region is the region of the resources that do not name one (VPCs, functions): they live there,
	// so they move with it.
	Region Region `lumi:"default=us-west-1,env=ACME_REGION,replaces"`
	// APIToken authenticates every call to Acme Cloud: an API token of the account, from the console's
	// security page (acme_ and 32 hexadecimal digits). A new token of the same account updates the
	// provider in place.
	APIToken string `lumi:"secret,env=ACME_TOKEN|ACME_API_TOKEN,pattern=^acme_[0-9a-f]{32}$"`
	// Tracing logs every call to Acme Cloud to the provider's log (never with the token).
	Tracing *bool `lumi:"optional,env=ACME_TRACING"`
}
