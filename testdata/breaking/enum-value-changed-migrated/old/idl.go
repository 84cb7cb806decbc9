// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Protocol is an IP protocol.
type Protocol string

const (
	// ProtocolTCP is TCP.
	ProtocolTCP Protocol = "tcp"
	// ProtocolICMP is ICMP.
	ProtocolICMP Protocol = "icmp"
)

// Rule allows traffic.
type Rule struct {
	idl.Resource
	// Protocol is what the rule allows.
	Protocol Protocol
}
