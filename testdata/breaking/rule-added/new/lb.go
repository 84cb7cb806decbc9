// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Listener accepts connections.
type Listener struct {
	idl.Resource
	// Certificate is a certificate's text; the group moved here, which changes nothing.
	Certificate *string `lumi:"optional,exactlyOneOf=certificateARN"`
	// CertificateARN is a stored certificate.
	CertificateARN *string `lumi:"optional"`
	// Redirect sends requests elsewhere.
	Redirect *string `lumi:"optional,conflictsWith=target"`
	// Target is where requests go.
	Target *string `lumi:"optional"`
}
