package lb

import "github.com/cidlc/cidlc/idl"

// Listener accepts connections on a port and sends them to `Targets`.
type Listener struct {
	idl.NamedResource
	// Port is the port it listens on.
	Port int32 `lumi:"min=1,max=65535"`
	// Certificate is a certificate's PEM text.
	Certificate *string `lumi:"optional,secret,exactlyOneOf=certificateARN"`
	// CertificateARN is the ARN of a stored certificate.
	CertificateARN *string `lumi:"optional"`
	// RedirectTo sends every request to another URL; nothing else may say where requests go.
	RedirectTo *string `lumi:"optional,conflictsWith=targets|healthCheck"`
	// Targets are where requests go.
	Targets *[]Target `lumi:"optional,maxItems=10"`
	// HealthCheck probes the targets.
	HealthCheck *HealthCheck `lumi:"optional"`
	// ARN is the listener's ARN.
	ARN *string `lumi:"out"`
}

// Target is a backend of a listener: an address, or an instance by its ID.
type Target struct {
	// Address is an IP address.
	Address *string `lumi:"optional,atLeastOneOf=instanceID"`
	// InstanceID is an instance's ID.
	InstanceID *string `lumi:"optional,conflictsWith=address"`
	// Weight is the target's share of the requests.
	Weight *int `lumi:"optional,min=1"`
}

// HealthCheck probes targets over HTTP.
type HealthCheck struct {
	// Path is the path probed; it needs a port to probe.
	Path *string `lumi:"optional,requiredWith=port|interval"`
	// Port is the port probed.
	Port *int32 `lumi:"optional"`
	// Interval is the time between probes, in seconds.
	Interval *int `lumi:"optional"`
}

// GetListener finds a listener by its name or its ARN.
type GetListener struct {
	idl.Function
	// Name is the listener's name.
	Name *string `lumi:"optional,exactlyOneOf=arn"`
	// ARN is the listener's ARN.
	ARN *string `lumi:"optional"`
	// Port is the port it listens on.
	Port int32 `lumi:"out"`
}
