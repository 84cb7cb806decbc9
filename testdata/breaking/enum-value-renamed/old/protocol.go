// Package acme is the case's IDL.
package acme

// Protocol is an IP protocol.
type Protocol string

const (
	// ProtocolTCP is TCP.
	ProtocolTCP Protocol = "tcp"
	// ProtocolUDP is UDP.
	ProtocolUDP Protocol = "udp"
	// ProtocolICMP is ICMP.
	ProtocolICMP Protocol = "icmp"
)
