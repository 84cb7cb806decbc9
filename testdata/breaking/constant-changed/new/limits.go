// Package acme is the case's IDL.
package acme

// MaxTags is the most tags a resource can have.
const MaxTags float64 = 40
