package webhooks

import (
	"github.com/cidlc/cidlc/idl"
)

// Subscription is a webhook subscription of a repository.
type Subscription struct {
	idl.NamedResource
	// Service is the name of the service; web for a webhook.
	Service string `lumi:"service"`
	// Config configures the webhook.
	Config Config `lumi:"config"`
	// Secret is the shared secret: the 2017 form names the property secret, which reads two ways in a
	// resource (the secret option would apply), so cidlc reads the name and warns.
	Secret *string `lumi:"secret,optional"`
	// Token is a secret property named token: the option after a leading comma is unambiguous.
	Token *string `lumi:",secret,optional"`
	// Signing is named signingSecret on the wire and is a secret.
	Signing *string `lumi:"signingSecret,secret,optional"`
	// In is a property named in, spelled unambiguously with name=.
	In *bool `lumi:"name=in,optional"`
	// Out is an output: the design note's option word, written after a leading comma.
	Out *string `lumi:",out"`
	// Replace is a property named replace; a change to it replaces the subscription.
	Replace *bool `lumi:"name=replace,optional,replaces"`
	// Immutable is named immutable by the 2017 form, which reads two ways in a resource (the immutable
	// option would apply), so cidlc reads the name and warns.
	Immutable *string `lumi:"immutable,optional"`
	// Events are the events sent, immutable: the option after a leading comma is unambiguous.
	Events *[]string `lumi:",optional,immutable"`
}

// Config is a webhook's configuration.
type Config struct {
	// URL receives the payloads.
	URL string `lumi:"url"`
	// ContentType is the media type of the payloads.
	ContentType *ContentType `lumi:"contentType,optional"`
	// Secret signs the payloads: in a plain struct, where the secret option does not apply, the tag
	// reads one way only: the property secret.
	Secret *string `lumi:"secret,optional"`
	// Immutable, in a plain struct where the immutable option does not apply, reads one way only: the
	// property immutable.
	Immutable *bool `lumi:"immutable,optional"`
	// InsecureSSL turns off certificate checks.
	InsecureSSL *bool `lumi:"insecureSSL,optional"`
}

// ContentType is the media type of a payload.
type ContentType string

const (
	FormContentType ContentType = "form"
	JSONContentType ContentType = "json"
)
