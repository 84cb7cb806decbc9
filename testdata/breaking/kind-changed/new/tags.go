// Package acme is the case's IDL.
package acme

// Tags label a resource.
type Tags struct {
	// Owner is who pays.
	Owner string
}
