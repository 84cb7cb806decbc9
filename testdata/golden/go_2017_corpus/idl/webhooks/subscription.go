package webhooks

import (
	"github.com/cidlc/cidlc/idl"
)

// Subscription is an active webhook subscription of a repository.
type Subscription struct {
	idl.NamedResource
	// Service is the name of the service; web for a webhook.
	Service string `lumi:"service"`
	// Config configures the webhook.
	Config Config `lumi:"config"`
	// Events trigger the hook.
	Events *[]string `lumi:"events,optional"`
	// Active says whether the hook is triggered.
	Active *bool `lumi:"active,optional"`
}

// Config is a webhook's configuration.
type Config struct {
	// URL receives the payloads.
	URL string `lumi:"url"`
	// ContentType is the media type of the payloads.
	ContentType *ContentType `lumi:"contentType,optional"`
	// Secret signs the payloads.
	Secret *string `lumi:"secret,optional"`
	// InsecureSSL turns off certificate checks.
	InsecureSSL *bool `lumi:"insecureSSL,optional"`
}

// ContentType is the media type of a payload.
type ContentType string

const (
	FormContentType ContentType = "form"
	JSONContentType ContentType = "json"
)
