package network

import (
	"context"

	acme "github.com/cidlc/cidlc/examples/provider"
	"github.com/cidlc/cidlc/examples/provider/cloud"
	"github.com/cidlc/cidlc/provider"
)

// Functions returns the providers of the network functions, answered from c.
func Functions(c *cloud.Cloud) []provider.FunctionProvider {
	return []provider.FunctionProvider{NewListZonesProvider(listZonesOps{c})}
}

type listZonesOps struct{ cloud *cloud.Cloud }

// Invoke lists the zones of a region, the provider's when the program names none: every Acme Cloud
// region has three, a, b and c.
func (o listZonesOps) Invoke(_ context.Context, q *listZones) error {
	region := acme.Region(o.cloud.Region())
	if q.Region != nil {
		region = *q.Region
	}
	q.Names = []string{string(region) + "a", string(region) + "b", string(region) + "c"}
	return nil
}
