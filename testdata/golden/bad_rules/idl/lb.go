package bad

import "github.com/cidlc/cidlc/idl"

// Listener is a resource whose rules across properties go wrong in every way the loader knows.
type Listener struct {
	idl.NamedResource
	// Certificate names an unknown property, and a Go name.
	Certificate *string `lumi:"optional,exactlyOneOf=certificateArn|CertificateARN|bogus"`
	// CertificateARN is fine on its own.
	CertificateARN *string `lumi:"optional"`
	// Port is required: no rule can be about it.
	Port int `lumi:"conflictsWith=certificate"`
	// Protocol has a default.
	Protocol string `lumi:"default=http"`
	// Redirect names the defaulted protocol, and the required port.
	Redirect *bool `lumi:"optional,requiredWith=protocol|port"`
	// ARN is an output.
	ARN *string `lumi:"out"`
	// Public names the output and the name.
	Public *bool `lumi:"optional,conflictsWith=arn|name"`
	// Private names itself, twice a name, and an empty one.
	Private *bool `lumi:"optional,conflictsWith=private,atLeastOneOf=public|public,requiredWith=public|"`
	// Mirror requires what it conflicts with.
	Mirror *bool `lumi:"optional,requiredWith=tls,conflictsWith=tls"`
	// TLS requires the mirror's peer, which conflicts with it through a group.
	TLS *bool `lumi:"optional,requiredWith=peer"`
	// Peer is in a group with tls.
	Peer *string `lumi:"optional,exactlyOneOf=tls"`
	// Mode is typed wrongly.
	Mode *string `lumi:"optional,exactlyonesof=peer"`
}

// GetListener reads a listener.
type GetListener struct {
	idl.Function
	// Name is the listener's name.
	Name *string `lumi:"optional,atLeastOneOf=port"`
	// Port is a result.
	Port int `lumi:"out,conflictsWith=name"`
}

// Rule is a plain struct whose rule names a field of another struct.
type Rule struct {
	// Path is the path.
	Path *string `lumi:"optional,requiredWith=target"`
}
