package main

import (
	"context"
	"strings"
	"testing"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/cidlc/cidlc/examples/provider/iam"
	"github.com/cidlc/cidlc/examples/provider/network"
	"github.com/cidlc/cidlc/examples/provider/storage"
)

// TestNamesAreUnique: Acme Cloud refuses a second VPC of a name in a region, as real clouds refuse a
// second object of a name in a scope; in another region, or under another name, it takes it.
func TestNamesAreUnique(t *testing.T) {
	d := start(t)
	d.create(network.VPC, "a", map[string]any{"name": "shared", "cidrBlock": "10.0.0.0/16", "region": "us-west-1"})
	_, err := d.Create(network.VPC, "b", map[string]any{"name": "shared", "cidrBlock": "10.1.0.0/16", "region": "us-west-1"})
	if err == nil || !strings.Contains(err.Error(), `AlreadyExists: network/VPC vpc-`) || !strings.Contains(err.Error(), `is named "shared" in region us-west-1`) {
		t.Errorf("Create of a second VPC named shared in us-west-1: %v; want AlreadyExists", err)
	}
	d.create(network.VPC, "c", map[string]any{"name": "shared", "cidrBlock": "10.2.0.0/16", "region": "eu-west-1"})
	d.create(network.VPC, "d", map[string]any{"cidrBlock": "10.3.0.0/16", "region": "us-west-1"}) // an autoname
}

// TestReplacementOrder: no Differ of the example asks for it, yet a bucket replaced under the name the
// program gave it is deleted first (its name is global, so the new one could not be made beside it),
// while an autonamed bucket's replacement gets a new name and is made first.
func TestReplacementOrder(t *testing.T) {
	d := start(t)
	for _, c := range []struct {
		name   string
		inputs map[string]any
		first  bool
	}{
		{"named", map[string]any{"name": "assets-e2e", "region": "eu-west-1"}, true},
		{"autonamed", map[string]any{"region": "eu-west-1"}, false},
	} {
		l := d.create(storage.Bucket, c.name, c.inputs)
		diff := d.Diff(l, d.merge(c.inputs, map[string]any{"region": "us-east-1"}))
		if strings.Join(diff.GetReplaces(), ",") != "region" || diff.GetDeleteBeforeReplace() != c.first {
			t.Errorf("%s bucket: Diff of a new region = %v; want a replacement on region, deleting first %v", c.name, diff, c.first)
		}
	}
}

// TestNoUpdate: a policy attachment, whose every input replaces it, has no Update, and the engine's
// update of one (which it asks for to finish a resource created in part) fails saying how to replace it.
func TestNoUpdate(t *testing.T) {
	d := start(t)
	d.create(iam.Policy, "p", map[string]any{"document": map[string]any{"Statement": []any{}}})
	d.create(iam.User, "u", map[string]any{})
	l := d.create(iam.PolicyAttachment, "pu", map[string]any{"policy": d.ref("p"), "target": d.ref("u")})
	_, err := d.Client.Update(context.Background(), &pulumirpc.UpdateRequest{Id: l.ID, Urn: string(l.URN), Olds: l.Outputs, News: l.Inputs, OldInputs: l.Inputs})
	if status.Code(err) != codes.FailedPrecondition || !strings.Contains(err.Error(), "every input of a PolicyAttachment replaces it") ||
		!strings.Contains(err.Error(), "pulumi up --replace '"+string(l.URN)+"'") {
		t.Errorf("Update of a policy attachment: %v; want FailedPrecondition, saying how to replace it", err)
	}
}
