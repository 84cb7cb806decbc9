package main

import (
	"context"
	"maps"
	"slices"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/archive"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/asset"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"

	"github.com/cidlc/cidlc/examples/provider/cloud"
	"github.com/cidlc/cidlc/examples/provider/compute"
	"github.com/cidlc/cidlc/examples/provider/iam"
	"github.com/cidlc/cidlc/examples/provider/network"
	"github.com/cidlc/cidlc/examples/provider/storage"
)

// kind is the life cycle of one resource of each type, in an order where references point backwards.
type kind struct {
	typ  tokens.Type
	name string
	// inputs are valid inputs; they may refer to resources of earlier kinds.
	inputs func(d *driver) map[string]any
	// outputs are out properties that Create must return; hidden are `in` properties it must not.
	outputs, hidden []string
	// update changes inputs so that the resource is updated in place (none when every input replaces);
	// replace changes a `replaces` input.
	update, replace map[string]any
}

var sshKey = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl alice@laptop"

func text(t testing.TB, s string) resource.PropertyValue {
	a, err := asset.FromText(s)
	if err != nil {
		t.Fatal(err)
	}
	return resource.NewProperty(a)
}

func code(t testing.TB, src string) resource.PropertyValue {
	a, err := asset.FromText(src)
	if err != nil {
		t.Fatal(err)
	}
	ar, err := archive.FromAssets(map[string]any{"index.js": a})
	if err != nil {
		t.Fatal(err)
	}
	return resource.NewProperty(ar)
}

var trustCompute = map[string]any{"Version": "2024-01-01", "Statement": []any{
	map[string]any{"Effect": "Allow", "Principal": map[string]any{"Service": "compute.acme.example"}, "Action": "sts:AssumeRole"},
}}

func kinds(t testing.TB) []kind {
	return []kind{
		{typ: network.VPC, name: "net",
			inputs:  func(*driver) map[string]any { return map[string]any{"cidrBlock": "10.0.0.0/16", "region": "us-west-1"} },
			outputs: []string{"arn"},
			update:  map[string]any{"enableIPv6": true}, replace: map[string]any{"cidrBlock": "10.1.0.0/16"}},
		{typ: network.Subnet, name: "public",
			inputs: func(d *driver) map[string]any {
				return map[string]any{"vpc": d.ref("net"), "cidrBlock": "10.0.1.0/24", "mapPublicIPOnLaunch": true}
			},
			outputs: []string{"availableIPCount"},
			update:  map[string]any{"mapPublicIPOnLaunch": false}, replace: map[string]any{"cidrBlock": "10.0.2.0/24"}},
		{typ: network.SecurityGroup, name: "web",
			inputs: func(d *driver) map[string]any {
				return map[string]any{"description": "web servers", "vpc": d.ref("net"), "ingress": []any{
					map[string]any{"ipProtocol": "tcp", "fromPort": 443.0, "toPort": 443.0, "cidrBlocks": []any{"0.0.0.0/0"}},
				}}
			},
			outputs: []string{"groupID"},
			update:  map[string]any{"egress": []any{map[string]any{"ipProtocol": "all", "fromPort": 0.0, "toPort": 65535.0}}},
			replace: map[string]any{"description": "all servers"}},
		{typ: iam.Role, name: "app-role",
			inputs:  func(*driver) map[string]any { return map[string]any{"assumeRolePolicy": trustCompute} },
			outputs: []string{"arn", "uniqueID"},
			update:  map[string]any{"description": "the app"}, replace: map[string]any{"path": "/apps/"}},
		{typ: iam.Policy, name: "read-objects",
			inputs: func(*driver) map[string]any {
				return map[string]any{"document": map[string]any{"Statement": []any{map[string]any{"Effect": "Allow", "Action": "storage:GetObject"}}}}
			},
			outputs: []string{"arn", "defaultVersionID", "attachmentCount"},
			update:  map[string]any{"document": map[string]any{"Statement": []any{}}}, replace: map[string]any{"description": "reads"}},
		{typ: iam.Group, name: "devs",
			inputs:  func(d *driver) map[string]any { return map[string]any{"policies": []any{d.ref("read-objects")}} },
			outputs: []string{"arn"},
			update:  map[string]any{"path": "/engineering/"}, replace: map[string]any{"name": "developers"}},
		{typ: iam.User, name: "alice",
			inputs: func(d *driver) map[string]any {
				return map[string]any{"groups": []any{d.ref("devs")}, "password": resource.MakeSecret(resource.NewProperty("correct horse battery"))}
			},
			outputs: []string{"arn", "userID"}, hidden: []string{"password"},
			update: map[string]any{"passwordResetRequired": true}, replace: map[string]any{"name": "alice2"}},
		{typ: iam.AccessKey, name: "alice-key",
			inputs:  func(d *driver) map[string]any { return map[string]any{"user": d.ref("alice")} },
			outputs: []string{"secret", "createDate"},
			update:  map[string]any{"status": "Inactive"}, replace: map[string]any{"pgpKey": "bXkga2V5"}},
		{typ: iam.PolicyAttachment, name: "role-reads",
			inputs: func(d *driver) map[string]any {
				return map[string]any{"policy": d.ref("read-objects"), "target": d.ref("app-role")}
			},
			replace: map[string]any{"target": refTo("devs")}},
		{typ: compute.KeyPair, name: "alice-ssh",
			inputs:  func(*driver) map[string]any { return map[string]any{"publicKey": sshKey} },
			outputs: []string{"fingerprint"},
			update:  map[string]any{"tags": map[string]any{"owner": "alice"}}, replace: map[string]any{"publicKey": sshKey + "2"}},
		{typ: compute.Image, name: "base",
			inputs:  func(d *driver) map[string]any { return map[string]any{"source": text(d.t, "disk"), "format": "raw"} },
			outputs: []string{"arn", "sizeGiB"}, hidden: []string{"source"},
			update: map[string]any{"description": "base image"}, replace: map[string]any{"format": "qcow2"}},
		{typ: compute.Instance, name: "web-1",
			inputs: func(d *driver) map[string]any {
				return map[string]any{"machineType": "small", "image": d.ref("base"), "subnet": d.ref("public"),
					"role": d.ref("app-role"), "keyPair": d.ref("alice-ssh"), "securityGroups": []any{d.ref("web")},
					"rootDisk": map[string]any{"size": 40.0, "kind": "ssd"}}
			},
			outputs: []string{"arn", "privateIP", "publicIP", "status"}, hidden: []string{"userData", "id"},
			update: map[string]any{"machineType": "large"}, replace: map[string]any{"userData": "#!/bin/sh\n"}},
		{typ: compute.Volume, name: "data",
			inputs: func(d *driver) map[string]any {
				return map[string]any{"availabilityZone": "us-west-1a", "size": 100.0, "kind": "ssd", "instance": d.ref("web-1")}
			},
			outputs: []string{"arn", "deviceName"},
			update:  map[string]any{"size": 200.0}, replace: map[string]any{"kind": "hdd"}},
		{typ: compute.Function, name: "api",
			inputs: func(d *driver) map[string]any {
				return map[string]any{"code": code(d.t, "exports.handler = () => 1"), "runtime": "nodejs20.x", "handler": "index.handler",
					"role": d.ref("app-role"), "subnets": []any{d.ref("public")},
					"secrets": map[string]any{"TOKEN": resource.MakeSecret(resource.NewProperty("s3cr3t"))}}
			},
			outputs: []string{"arn", "invokeUrl", "codeSHA256"}, hidden: []string{"secrets"},
			update: map[string]any{"memoryMB": 512.0}, replace: map[string]any{"region": "eu-west-1"}},
		{typ: network.LoadBalancer, name: "front",
			inputs: func(d *driver) map[string]any {
				return map[string]any{"subnets": []any{d.ref("public"), d.ref("public")}, "listeners": []any{
					map[string]any{"port": 80.0, "protocol": "HTTP"},
				}, "targets": []any{d.ref("web-1"), d.ref("api")}}
			},
			outputs: []string{"dnsName", "arn"},
			update:  map[string]any{"idleTimeout": 120.0}, replace: map[string]any{"scheme": "internal"}},
		{typ: storage.Bucket, name: "assets",
			inputs: func(*driver) map[string]any {
				return map[string]any{"region": "eu-west-1", "forceDestroy": true, "versioning": true, "replication": map[string]any{
					"us-east-1": map[string]any{"bucketARN": "arn:acme:storage:::assets-copy"},
				}}
			},
			outputs: []string{"arn", "domainName"},
			update:  map[string]any{"forceDestroy": false}, replace: map[string]any{"region": "us-east-1"}},
		{typ: storage.BucketObject, name: "index",
			inputs: func(d *driver) map[string]any {
				return map[string]any{"bucket": d.ref("assets"), "key": "index.html", "content": text(d.t, "<h1>hi</h1>")}
			},
			outputs: []string{"etag", "size"},
			update:  map[string]any{"contentType": "text/html"}, replace: map[string]any{"key": "home.html"}},
	}
}

// TestLifeCycle drives every resource type through a deployment, as the engine would: create them all
// (Check, Create, Read), then change each (Diff with no change, an in-place change and a replacing one;
// Update), then delete them all in reverse order (Delete, and Read finds nothing).
func TestLifeCycle(t *testing.T) {
	d := start(t)
	ks := kinds(t)
	for _, k := range ks {
		t.Run("create/"+k.name, func(t *testing.T) {
			d.t = t
			l := d.create(k.typ, k.name, k.inputs(d))
			outs := unprops(t, l.outputs)
			for _, key := range k.outputs {
				if !outs.HasValue(resource.PropertyKey(key)) {
					t.Errorf("Create returned no %s: %v", key, outs)
				}
			}
			for _, key := range k.hidden {
				if _, ok := outs[resource.PropertyKey(key)]; ok {
					t.Errorf("Create returned %s, which is never returned: %v", key, outs)
				}
			}
			if !d.stored(k.typ, l.id) {
				t.Errorf("Create did not store %s %s in the cloud", k.typ, l.id)
			}
			read, err := d.client.Read(context.Background(), &pulumirpc.ReadRequest{Id: l.id, Urn: string(l.urn), Properties: l.outputs, Inputs: l.inputs})
			if err != nil {
				t.Fatal(err)
			}
			if read.GetId() != l.id || !unprops(t, read.GetProperties()).DeepEquals(outs) {
				t.Errorf("Read = %s %v, want %s %v", read.GetId(), unprops(t, read.GetProperties()), l.id, outs)
			}
		})
	}
	for _, k := range ks {
		t.Run("change/"+k.name, func(t *testing.T) {
			d.t = t
			l := d.live[k.name]
			inputs := k.inputs(d)
			if diff := d.diff(l, inputs); diff.GetChanges() != pulumirpc.DiffResponse_DIFF_NONE {
				t.Errorf("Diff of the same inputs = %v, want no change", diff)
			}
			diff := d.diff(l, d.merge(inputs, k.replace))
			if diff.GetChanges() != pulumirpc.DiffResponse_DIFF_SOME || !slices.Equal(diff.GetReplaces(), slices.Collect(maps.Keys(k.replace))) {
				t.Errorf("Diff of %v = %v, want a replacement on it", k.replace, diff)
			}
			if k.update == nil {
				return
			}
			diff = d.diff(l, d.merge(inputs, k.update))
			if diff.GetChanges() != pulumirpc.DiffResponse_DIFF_SOME || len(diff.GetReplaces()) > 0 {
				t.Fatalf("Diff of %v = %v, want an update", k.update, diff)
			}
			d.update(l, d.merge(inputs, k.update))
			outs := unprops(t, l.outputs)
			for key, want := range k.update {
				if got := outs[resource.PropertyKey(key)]; !got.DeepEquals(resource.NewPropertyValue(want)) {
					t.Errorf("after Update, %s = %v, want %v", key, got, want)
				}
			}
		})
	}
	for _, k := range slices.Backward(ks) {
		t.Run("delete/"+k.name, func(t *testing.T) {
			d.t = t
			l := d.live[k.name]
			if _, err := d.client.Delete(context.Background(), &pulumirpc.DeleteRequest{Id: l.id, Urn: string(l.urn), Properties: l.outputs, OldInputs: l.inputs}); err != nil {
				t.Fatal(err)
			}
			if d.stored(k.typ, l.id) {
				t.Errorf("%s %s is still in the cloud", k.typ, l.id)
			}
			read, err := d.client.Read(context.Background(), &pulumirpc.ReadRequest{Id: l.id, Urn: string(l.urn), Properties: l.outputs})
			if err != nil || read.GetId() != "" {
				t.Errorf("Read of a deleted resource = %v, %v; want no ID", read, err)
			}
		})
	}
}

// diff checks the new inputs and diffs them against the live resource.
func (d *driver) diff(l *live, inputs map[string]any) *pulumirpc.DiffResponse {
	d.t.Helper()
	checked, failures := d.checkOf(l.urn, l.inputs, props(d.t, inputs))
	if len(failures) > 0 {
		d.t.Fatalf("Check: %v", failures)
	}
	resp, err := d.client.Diff(context.Background(), &pulumirpc.DiffRequest{Id: l.id, Urn: string(l.urn), Olds: l.outputs, News: checked, OldInputs: l.inputs})
	if err != nil {
		d.t.Fatal(err)
	}
	return resp
}

// update checks the new inputs and updates the live resource with them.
func (d *driver) update(l *live, inputs map[string]any) {
	d.t.Helper()
	checked, failures := d.checkOf(l.urn, l.inputs, props(d.t, inputs))
	if len(failures) > 0 {
		d.t.Fatalf("Check: %v", failures)
	}
	resp, err := d.client.Update(context.Background(), &pulumirpc.UpdateRequest{Id: l.id, Urn: string(l.urn), Olds: l.outputs, News: checked, OldInputs: l.inputs})
	if err != nil {
		d.t.Fatal(err)
	}
	l.inputs, l.outputs = checked, resp.GetProperties()
}

// stored reports whether the cloud holds resource id of type typ.
func (d *driver) stored(typ tokens.Type, id string) bool {
	ids, err := d.cloud.List(cloud.Kind(typ))
	if err != nil {
		d.t.Fatal(err)
	}
	return slices.Contains(ids, resource.ID(id))
}

// refTo, in a change, stands for a reference to the live resource it names.
type refTo string

// merge returns inputs with a change applied.
func (d *driver) merge(inputs, change map[string]any) map[string]any {
	m := maps.Clone(inputs)
	for k, v := range change {
		if name, ok := v.(refTo); ok {
			v = d.ref(string(name))
		}
		m[k] = v
	}
	return m
}
