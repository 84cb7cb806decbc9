// Package network is the case's IDL.
package network

// Protocol is an IP protocol.
type Protocol string

const (
	// ProtocolTCP is TCP.
	ProtocolTCP Protocol = "tcp"
	// ProtocolUDP is UDP.
	ProtocolUDP Protocol = "udp"
)
