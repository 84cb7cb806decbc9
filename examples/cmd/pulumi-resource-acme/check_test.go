package main

import (
	"regexp"
	"slices"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	"google.golang.org/protobuf/types/known/structpb"

	"github.com/cidlc/cidlc/examples/provider/compute"
	"github.com/cidlc/cidlc/examples/provider/iam"
	"github.com/cidlc/cidlc/examples/provider/network"
	"github.com/cidlc/cidlc/examples/provider/storage"
)

// TestCheckFailures gives Check one kind of invalid input at a time and expects exactly the failures
// that name the property at fault.
func TestCheckFailures(t *testing.T) {
	d := start(t)
	d.create(storage.Bucket, "logs", map[string]any{"region": "us-west-1"})
	for _, c := range []struct {
		name   string
		typ    tokens.Type
		inputs map[string]any
		want   []string
	}{
		{"missing required", network.VPC, map[string]any{"region": "us-west-1"},
			[]string{"cidrBlock: missing required property"}},
		{"wrong type", network.VPC, map[string]any{"cidrBlock": 16.0, "region": "us-west-1"},
			[]string{"cidrBlock: want a string, got a number"}},
		{"unknown property", network.VPC, map[string]any{"cidrBlock": "10.0.0.0/16", "region": "us-west-1", "colour": "red"},
			[]string{"colour: unknown property"}},
		{"out property set", network.VPC, map[string]any{"cidrBlock": "10.0.0.0/16", "region": "us-west-1", "arn": "arn:x"},
			[]string{"arn: an output property; the provider sets it, a program may not"}},
		{"enum value", network.VPC, map[string]any{"cidrBlock": "10.0.0.0/16", "region": "mars-1"},
			[]string{`region: "mars-1" is not a valid Region; want one of "us-west-1", "us-east-1", "eu-west-1", "eu-central-1", "ap-northeast-1", "ap-south-1"`}},
		{"capability to the wrong type", network.Subnet, map[string]any{"vpc": d.ref("logs"), "cidrBlock": "10.0.1.0/24"},
			[]string{"vpc: want a reference to a resource of type acme:network/vpc:VPC, got one of type acme:storage/bucket:Bucket"}},
		{"not a reference", network.Subnet, map[string]any{"vpc": 1.0, "cidrBlock": "10.0.1.0/24"},
			[]string{"vpc: want a resource reference, got a number"}},
		{"nested, in arrays", network.SecurityGroup, map[string]any{"description": "x", "ingress": []any{
			map[string]any{"ipProtocol": "tcp", "fromPort": 22.0, "toPort": 22.0},
			map[string]any{"ipProtocol": "gre", "fromPort": "22", "self": true, "extra": 1.0},
		}}, []string{
			"ingress[1].extra: unknown property",
			"ingress[1].fromPort: want an integer, got a string",
			`ingress[1].ipProtocol: "gre" is not a valid Protocol; want one of "tcp", "udp", "icmp", "all"`,
			"ingress[1].toPort: missing required property",
		}},
		{"map with enum keys", storage.Bucket, map[string]any{"region": "us-west-1", "versioning": true, "replication": map[string]any{
			"moon-1":    map[string]any{"bucketARN": "arn:b"},
			"us-east-1": map[string]any{"bucketARN": "arn:b", "storageClass": "COLD"},
		}}, []string{
			`replication["moon-1"]: "moon-1" is not a valid Region key`,
			`replication["us-east-1"].storageClass: "COLD" is not a valid StorageClass; want one of "STANDARD", "INFREQUENT_ACCESS", "ARCHIVE"`,
		}},
		{"asset expected", compute.Image, map[string]any{"source": "disk.img", "format": "raw"},
			[]string{"source: want an asset, got a string"}},
		{"every problem at once", iam.AccessKey, map[string]any{"status": "Deleted", "secret": "x", "foo": true},
			[]string{
				"foo: unknown property",
				": secret: an output property; the provider sets it, a program may not", // secret: see TestContracts
				`status: "Deleted" is not a valid AccessKeyStatus; want one of "Active", "Inactive"`,
				"user: missing required property",
			}},
		{"the author's check hook", network.VPC, map[string]any{"cidrBlock": "10.0.0.0/8", "region": "us-west-1"},
			[]string{"cidrBlock: a VPC's range must be between /16 and /28, not /8"}},
		// What an author's hook said before the IDL could: a count, and a check in CEL of each listener.
		{"the IDL, where a hook was needed", network.LoadBalancer, map[string]any{"subnets": []any{}, "listeners": []any{
			map[string]any{"port": 443.0, "protocol": "HTTPS"},
		}}, []string{
			"listeners[0]: an HTTPS listener needs a certificateARN",
			"subnets: has 0 items, fewer than the minimum 2",
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d.T = t
			_, got := d.Check(urn(c.typ, "x"), c.inputs)
			if !slices.Equal(got, c.want) {
				t.Errorf("failures =\n%q\nwant\n%q", got, c.want)
			}
		})
	}
}

// TestCheckNames makes up the name of a named resource whose program gives none: the resource's own
// and a random suffix, another for each new resource (another stack's); it keeps a name the program
// gave, and the name a resource has.
func TestCheckNames(t *testing.T) {
	d := start(t)
	inputs := map[string]any{"cidrBlock": "10.0.0.0/16", "region": "us-west-1"}
	name := func(olds *structpb.Struct, inputs map[string]any) string {
		t.Helper()
		checked, failures := d.CheckOf(urn(network.VPC, "prod"), olds, inputs)
		if len(failures) > 0 {
			t.Fatal(failures)
		}
		return unprops(t, checked)["name"].StringValue()
	}
	first, second := name(nil, inputs), name(nil, inputs)
	if autoname := regexp.MustCompile(`^prod-[0-9a-f]{7}$`); !autoname.MatchString(first) || !autoname.MatchString(second) || first == second {
		t.Errorf("the names of two new VPCs prod: %q and %q; want two autonames of prod", first, second)
	}
	if got := name(nil, map[string]any{"cidrBlock": "10.0.0.0/16", "region": "us-west-1", "name": "main"}); got != "main" {
		t.Errorf("name = %q, want the program's, main", got)
	}
	existing, _ := d.Check(urn(network.VPC, "prod"), inputs)
	if got, want := name(existing, inputs), unprops(t, existing)["name"].StringValue(); got != want {
		t.Errorf("name of an existing VPC = %q, want the one it has, %q", got, want)
	}
	// Unnamed resources get no name.
	subnet, _ := d.Check(urn(network.Subnet, "a"), map[string]any{"vpc": "vpc-1", "cidrBlock": "10.0.1.0/24"})
	if _, ok := unprops(t, subnet)["name"]; ok {
		t.Errorf("an unnamed resource got a name: %v", unprops(t, subnet))
	}
}
