// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Autoscaler keeps instances running.
//
//cidlc:check "minReplicas cannot be more than maxReplicas" !(self.minReplicas > self.maxReplicas)
type Autoscaler struct {
	idl.Resource
	// MinReplicas is the fewest instances.
	MinReplicas int
	// MaxReplicas is the most.
	MaxReplicas int
}
