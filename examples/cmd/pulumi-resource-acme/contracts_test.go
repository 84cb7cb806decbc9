package main

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"

	"github.com/cidlc/cidlc/examples/provider/compute"
	"github.com/cidlc/cidlc/examples/provider/iam"
	"github.com/cidlc/cidlc/examples/provider/network"
	"github.com/cidlc/cidlc/examples/provider/storage"
)

// TestContracts gives Check values that break the IDL's contracts (min=, multipleOf=, pattern=,
// uniqueItems, minLength= …), at the top level and inside structs, and expects one failure per value
// that names the rule and the value, a secret's value never shown.
func TestContracts(t *testing.T) {
	d := start(t)
	for _, c := range []struct {
		name   string
		typ    tokens.Type
		inputs map[string]any
		want   []string
	}{
		// An integer is a whole number first: a fraction breaks no further rule.
		{"numbers", compute.Volume, map[string]any{"availabilityZone": "us-west-1a", "size": 0.5, "iops": 50.0},
			[]string{"iops: 50 is less than the minimum 100", "size: 0.5 is not an integer"}},
		{"integers", compute.Volume, map[string]any{"availabilityZone": "us-west-1a", "size": 0.0, "iops": 1e16},
			[]string{
				"iops: 10000000000000000 is out of the range of int, -9007199254740991 to 9007199254740991 (the integers a number holds exactly)",
				"size: 0 is less than the minimum 1",
			}},
		{"defaulted, then given", compute.Function, map[string]any{"code": code(t, "x"), "runtime": "go1.x", "handler": "",
			"role": "role-1", "memoryMB": 100.0, "timeout": 0.0},
			[]string{
				`handler: "" has 0 characters, fewer than the minimum length 1`,
				"memoryMB: 100 is less than the minimum 128; 100 is not a multiple of 64",
				"timeout: 0 is less than the minimum 1",
			}},
		{"pattern", network.Subnet, map[string]any{"vpc": "vpc-1", "cidrBlock": "10.0.1.0"},
			[]string{`cidrBlock: "10.0.1.0" does not match the pattern ^[0-9]{1,3}([.][0-9]{1,3}){3}/[0-9]{1,2}$`}},
		{"in structs in arrays", network.SecurityGroup, map[string]any{"description": "x", "ingress": []any{
			map[string]any{"ipProtocol": "tcp", "fromPort": 22.0, "toPort": 70000.0, "cidrBlocks": []any{"10.0.0.0/8", "any", "10.0.0.0/8"}},
			map[string]any{"ipProtocol": "udp", "fromPort": 3e9, "toPort": 53.5},
		}}, []string{
			"ingress[0].cidrBlocks: items 0 and 2 are equal",
			`ingress[0].cidrBlocks[1]: "any" does not match the pattern ^[0-9]{1,3}([.][0-9]{1,3}){3}/[0-9]{1,2}$`,
			"ingress[0].toPort: 70000 is more than the maximum 65535",
			"ingress[1].fromPort: 3000000000 is out of the range of int32, -2147483648 to 2147483647",
			"ingress[1].toPort: 53.5 is not an integer",
		}},
		{"in a struct shared across modules", compute.Instance, map[string]any{"machineType": "small", "image": "img-1", "subnet": "subnet-1",
			"maintenanceWindow": map[string]any{"day": "Sunday", "startTime": "24:00", "durationHours": 0.0}},
			[]string{
				"maintenanceWindow.day: \"Sunday\" does not match the pattern ^(monday|tuesday|wednesday|thursday|friday|saturday|sunday)$",
				"maintenanceWindow.durationHours: 0 is less than the minimum 1",
				"maintenanceWindow.startTime: \"24:00\" does not match the pattern ^([01][0-9]|2[0-3]):[0-5][0-9]$",
			}},
		{"a map", storage.Bucket, map[string]any{"region": "us-west-1", "tags": manyTags(51)},
			[]string{"tags: has 51 entries, more than the maximum 50"}},
		// Rules across properties, at the path of the property that declares one, or of the object for a
		// group; and checks in CEL, at the object's path, with their messages.
		{"rules across properties", network.LoadBalancer, map[string]any{"subnets": []any{"subnet-1", "subnet-2"},
			"listeners":   []any{map[string]any{"port": 443.0, "protocol": "HTTPS"}, map[string]any{"port": 80.0, "protocol": "HTTP"}},
			"healthCheck": map[string]any{"port": 8080.0, "headers": map[string]any{"Host": "x"}}},
			[]string{
				"healthCheck.headers: headers requires path, which is not set",
				"listeners[0]: an HTTPS listener needs a certificateARN",
			}},
		{"a check of a resource, a rule in an array", storage.Bucket, map[string]any{"region": "us-west-1",
			"replication":    map[string]any{"eu-west-1": map[string]any{"bucketARN": "arn:acme:storage::replica"}},
			"lifecycleRules": []any{map[string]any{"prefix": "logs/", "enabled": true}}},
			[]string{
				": replication needs versioning turned on",
				"lifecycleRules[0]: at least one of transitions and expiration must be set, but none is",
			}},
		// The program did not even make it secret: the IDL says it is. The failure is the resource's
		// (no property), naming the property in its reason: the engine prints a failing property's
		// value beside it, secret or not.
		{"a secret", iam.User, map[string]any{"password": "hunter2"},
			[]string{": password: the secret value has fewer characters than the minimum length 8"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d.t = t
			_, got := d.check(urn(c.typ, "x"), props(t, c.inputs))
			if !slices.Equal(got, c.want) {
				t.Errorf("failures =\n%q\nwant\n%q", got, c.want)
			}
			for _, f := range got {
				if strings.Contains(f, "hunter2") {
					t.Errorf("a failure shows the secret: %s", f)
				}
			}
		})
	}
}

func manyTags(n int) map[string]any {
	tags := map[string]any{}
	for i := range n {
		tags[string(rune('a'+i/26))+string(rune('a'+i%26))] = "x"
	}
	return tags
}

// TestDefaults: Check fills in the defaults of the inputs a program leaves out, so that the engine
// records them as inputs and the ops see them; a value the program gives wins.
func TestDefaults(t *testing.T) {
	d := start(t)
	vol := d.create(compute.Volume, "data", map[string]any{"availabilityZone": "us-west-1a"})
	inputs := unprops(t, vol.inputs)
	want := resource.PropertyMap{"availabilityZone": resource.NewProperty("us-west-1a"), "size": resource.NewProperty(20.0),
		"kind": resource.NewProperty("ssd"), "encrypted": resource.NewProperty(true)}
	if !inputs.DeepEquals(want) {
		t.Errorf("checked inputs = %v, want %v", inputs, want)
	}
	if outs := unprops(t, vol.outputs); !outs["size"].DeepEquals(resource.NewProperty(20.0)) || !outs["kind"].DeepEquals(resource.NewProperty("ssd")) {
		t.Errorf("outputs = %v; want the defaults", outs)
	}
	// The same inputs, checked again, are no change.
	diff, err := d.client.Diff(context.Background(), &pulumirpc.DiffRequest{Id: vol.id, Urn: string(vol.urn), Olds: vol.outputs,
		News: vol.inputs, OldInputs: vol.inputs})
	if err != nil || diff.GetChanges() != pulumirpc.DiffResponse_DIFF_NONE {
		t.Errorf("Diff of the defaulted inputs = %v, %v; want no change", diff, err)
	}
	given, _ := d.check(urn(compute.Volume, "big"), props(t, map[string]any{"availabilityZone": "us-west-1a", "size": 500.0}))
	if got := unprops(t, given)["size"]; !got.DeepEquals(resource.NewProperty(500.0)) {
		t.Errorf("size given = %v, want 500", got)
	}
}

// TestDeclaredSecrets: properties the IDL declares secret are secrets on the wire whatever the program sent: in
// the checked inputs, in the outputs of Create and Read, and in what Read returns as inputs.
func TestDeclaredSecrets(t *testing.T) {
	d := start(t)
	user := d.create(iam.User, "carol", map[string]any{"password": "correct horse battery"}) // plain on the wire
	if got := unprops(t, user.inputs)["password"]; !got.IsSecret() || !got.SecretValue().Element.DeepEquals(resource.NewProperty("correct horse battery")) {
		t.Errorf("checked password = %v; want the password, as a secret", got)
	}
	key := d.create(iam.AccessKey, "carol", map[string]any{"user": d.ref("carol")})
	if got := unprops(t, key.outputs)["secret"]; !got.IsSecret() || got.SecretValue().Element.StringValue() == "" {
		t.Errorf("the access key's secret output = %v; want a secret", got)
	}
	read, err := d.client.Read(context.Background(), &pulumirpc.ReadRequest{Id: user.id, Urn: string(user.urn), Properties: user.outputs, Inputs: user.inputs})
	if err != nil {
		t.Fatal(err)
	}
	if got := unprops(t, read.GetInputs())["password"]; !got.IsSecret() {
		t.Errorf("Read returned the password input as %v; want a secret", got)
	}
	read, err = d.client.Read(context.Background(), &pulumirpc.ReadRequest{Id: key.id, Urn: string(key.urn), Properties: key.outputs, Inputs: key.inputs})
	if err != nil {
		t.Fatal(err)
	}
	if got := unprops(t, read.GetProperties())["secret"]; !got.IsSecret() {
		t.Errorf("Read returned the access key's secret as %v; want a secret", got)
	}
}
