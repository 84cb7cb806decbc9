// Package acme is the case's IDL.
package acme

// Tags label a resource.
type Tags map[string]float64
