// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Protocol is an IP protocol.
type Protocol string

const (
	// ProtocolTCP is TCP.
	ProtocolTCP Protocol = "tcp"
	// ProtocolICMP is ICMP for IPv4.
	ProtocolICMP Protocol = "icmpv4"
)

// Rule allows traffic. Its state is of version 1: "icmp" became "icmpv4".
type Rule struct {
	idl.Resource `lumi:"stateVersion=1"`
	// Protocol is what the rule allows.
	Protocol Protocol
}
