// Package compute has the resource that uses every kind of property.
package compute

// Rule is also the name of a struct of the root module.
type Rule struct {
	// Port is a number.
	Port float64
}
