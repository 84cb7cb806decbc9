// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Listener accepts connections.
type Listener struct {
	idl.Resource
	// Certificate is a certificate's text.
	Certificate *string `lumi:"optional"`
	// CertificateARN is a stored certificate.
	CertificateARN *string `lumi:"optional,exactlyOneOf=certificate"`
	// Redirect sends requests elsewhere.
	Redirect *string `lumi:"optional"`
	// Target is where requests go.
	Target *string `lumi:"optional"`
}
