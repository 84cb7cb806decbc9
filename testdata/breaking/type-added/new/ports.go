// Package acme is the case's IDL.
package acme

// PortRange is a range of ports.
type PortRange struct {
	// From is the first port.
	From float64
	// To is the last port.
	To float64
}
