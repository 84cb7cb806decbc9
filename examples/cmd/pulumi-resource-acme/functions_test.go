package main

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/cidlc/cidlc/examples/provider/cloud"
	"github.com/cidlc/cidlc/examples/provider/compute"
	"github.com/cidlc/cidlc/examples/provider/network"
	"github.com/cidlc/cidlc/examples/provider/storage"
)

// answer calls tok with valid args, and returns its results.
func (d *driver) answer(tok tokens.ModuleMember, args map[string]any) resource.PropertyMap {
	d.T.Helper()
	results, failures, err := d.Invoke(tok, args)
	if err != nil || len(failures) > 0 {
		d.T.Fatalf("%s(%v): %v %v", tok, args, failures, err)
	}
	return results
}

// TestInvoke calls each function of the example over gRPC: with valid inputs, in previews too, with each
// kind of invalid input (a failure naming the property, which never reaches the ops), with inputs the
// ops reject, with an ops error, and with an unknown token.
func TestInvoke(t *testing.T) {
	d := start(t)

	// getImage: a public image, and then one of the account's own, built by an Image resource.
	ubuntu := d.answer(compute.GetImage, map[string]any{"name": "ubuntu-24.04"})
	want := resource.NewPropertyMapFromMap(map[string]any{
		"id": "img-2404a1b2c3", "arn": "arn:acme:compute:us-west-1:acme:image/img-2404a1b2c3", "format": "raw",
		"sizeGiB": 8.0, "public": true, "description": "Ubuntu 24.04 LTS with acme-init",
	})
	if !ubuntu.DeepEquals(want) {
		t.Errorf("getImage(ubuntu-24.04) = %v, want %v", ubuntu, want)
	}
	base := d.create(compute.Image, "base", map[string]any{"name": "base", "source": text(t, "disk"), "format": "qcow2"})
	own := d.answer(compute.GetImage, map[string]any{"name": "base"})
	if own["id"].StringValue() != base.ID || own["format"].StringValue() != "qcow2" || own["public"].BoolValue() || own.HasValue("description") {
		t.Errorf("getImage(base) = %v, want the Image resource %s, private, without a description", own, base.ID)
	}
	// A preview's call is answered as well: programs need the results to plan.
	if results, failures, err := d.InvokePreview(compute.GetImage, map[string]any{"name": "debian-12"}); err != nil || len(failures) > 0 || results["id"].StringValue() != "img-12deb1a2c3" {
		t.Errorf("getImage(debian-12) in a preview = %v %v %v", results, failures, err)
	}

	// listZones: the provider's region (its configuration's) unless the program names one.
	for args, zones := range map[string][]string{"": {"us-west-1a", "us-west-1b", "us-west-1c"}, "ap-south-1": {"ap-south-1a", "ap-south-1b", "ap-south-1c"}} {
		in := map[string]any{}
		if args != "" {
			in["region"] = args
		}
		results := d.answer(network.ListZones, in)
		if got := results["names"].Mappable(); !reflect.DeepEqual(got, anySlice(zones)) {
			t.Errorf("listZones(%v) = %v, want %v", in, got, zones)
		}
	}

	// getObjectURL: a secret result, the default expiry filled in, the bucket a capability.
	d.create(storage.Bucket, "site", map[string]any{"name": "site", "region": "eu-west-1"})
	signed := d.answer(storage.GetObjectURL, map[string]any{"bucket": d.ref("site"), "key": "docs/index.html"})
	url := signed["url"]
	if !url.IsSecret() || !regexp.MustCompile(`^https://site\.storage\.eu-west-1\.acme\.example/docs/index\.html\?expires=\d+&signature=[0-9a-f]{64}$`).MatchString(url.SecretValue().Element.StringValue()) {
		t.Errorf("getObjectURL: url %v, want a secret signed URL", url)
	}
	if signed["expires"].IsSecret() {
		t.Errorf("getObjectURL: expires %v is secret; only url is declared so", signed["expires"])
	}
	// An input sent as a secret makes every result secret: results may reveal it.
	for k, v := range d.answer(storage.GetObjectURL, map[string]any{"bucket": d.ref("site"), "key": resource.MakeSecret(resource.NewProperty("private.txt"))}) {
		if !v.IsSecret() {
			t.Errorf("getObjectURL of a secret key: result %s = %v, not secret", k, v)
		}
	}

	// Bad inputs: one failure per property, naming it, and no call of the ops (which would have
	// answered, or failed otherwise).
	vpc := d.create(network.VPC, "main", map[string]any{"cidrBlock": "10.0.0.0/16", "region": "us-west-1"})
	for _, c := range []struct {
		tok  tokens.ModuleMember
		args map[string]any
		want []string
	}{
		{compute.GetImage, map[string]any{}, []string{"name: missing required property"}},
		{compute.GetImage, map[string]any{"name": 3.0}, []string{"name: want a string, got a number"}},
		{compute.GetImage, map[string]any{"name": ""}, []string{`name: "" has 0 characters, fewer than the minimum length 1`}},
		{compute.GetImage, map[string]any{"name": "x", "owner": "me"}, []string{"owner: unknown property"}},
		{compute.GetImage, map[string]any{"name": "x", "id": "img-1"}, []string{"id: a result of the function; a program passes only its inputs"}},
		{network.ListZones, map[string]any{"region": "mars-1"}, []string{`region: "mars-1" is not a valid Region; want one of "us-west-1", "us-east-1", "eu-west-1", "eu-central-1", "ap-northeast-1", "ap-south-1"`}},
		{storage.GetObjectURL, map[string]any{"bucket": resource.MakeCustomResourceReference(vpc.URN, resource.ID(vpc.ID), ""), "key": "k", "expiresIn": 0.5}, []string{
			"bucket: want a reference to a resource of type acme:storage/bucket:Bucket, got one of type acme:network/vpc:VPC",
			"expiresIn: 0.5 is not an integer",
		}},
		// Inputs the ops reject, for the property they are about.
		{compute.GetImage, map[string]any{"name": "no-such-image"}, []string{`name: no image named "no-such-image": Acme Cloud's public images are debian-12, ubuntu-24.04, and the account's own are those its Image resources built`}},
		{storage.GetObjectURL, map[string]any{"bucket": "gone", "key": "k"}, []string{`bucket: no bucket "gone"`}},
	} {
		results, failures, err := d.Invoke(c.tok, c.args)
		if err != nil || !reflect.DeepEqual(failures, c.want) || len(results) > 0 {
			t.Errorf("%s(%v) = %v %q %v; want the failures %q and no results", c.tok, c.args, results, failures, err, c.want)
		}
	}

	// An input not known yet (the SDKs never send one, and the engine drops it, as the driver does) is
	// answered with no results: sent as a client could send it.
	unknown, err := d.Client.Invoke(context.Background(), &pulumirpc.InvokeRequest{Tok: string(compute.GetImage), Preview: true,
		Args: props(t, map[string]any{"name": resource.MakeComputed(resource.NewProperty(""))})})
	if err != nil || len(unknown.GetFailures()) > 0 || len(unknown.GetReturn().GetFields()) > 0 {
		t.Errorf("getImage of an unknown name = %v %v; want an empty answer", unknown, err)
	}

	// An error of the ops (the record of a bucket that Acme Cloud cannot read) fails the call.
	record := filepath.Join(d.cloud.Dir(), filepath.FromSlash(cloud.Kind(storage.Bucket)), "site.json")
	if err := os.WriteFile(record, []byte("{not json"), 0o666); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.Invoke(storage.GetObjectURL, map[string]any{"bucket": d.ref("site"), "key": "k"}); err == nil || !strings.Contains(err.Error(), "invalid character") {
		t.Errorf("getObjectURL of an unreadable bucket: %v; want the ops' error", err)
	}

	// A token the provider does not serve is an error naming it.
	if _, _, err := d.Invoke("acme:compute/image:getImages", map[string]any{}); status.Code(err) != codes.InvalidArgument || !strings.Contains(err.Error(), "unknown function acme:compute/image:getImages") {
		t.Errorf("an unknown function: %v; want InvalidArgument naming it", err)
	}
}

// TestInvokeSeesConfiguration: two provider instances in one process answer a function each with its
// own configuration: the region, and the API token that signs URLs.
func TestInvokeSeesConfiguration(t *testing.T) {
	clearEnv(t)
	dir := t.TempDir() // one cloud, as two providers of one account see it
	for i, region := range []string{"eu-west-1", "ap-northeast-1"} {
		d := serveIn(t, dir)
		token := cloud.NewToken()
		if _, failures, err := d.configure(map[string]any{"apiToken": token, "region": region}); err != nil || len(failures) > 0 {
			t.Fatalf("configuring the %s provider: %v %v", region, failures, err)
		}
		zones := d.answer(network.ListZones, map[string]any{})["names"].Mappable()
		if want := anySlice([]string{region + "a", region + "b", region + "c"}); !reflect.DeepEqual(zones, want) {
			t.Errorf("listZones of the %s provider = %v, want %v", region, zones, want)
		}
		if i == 0 {
			d.create(storage.Bucket, "shared", map[string]any{"name": "shared", "region": "eu-west-1"})
		}
		signed := d.answer(storage.GetObjectURL, map[string]any{"bucket": "shared", "key": "k"})["url"].SecretValue().Element.StringValue()
		unsigned, signature, _ := strings.Cut(signed, "&signature=")
		key := sha256.Sum256([]byte(token))
		mac := hmac.New(sha256.New, key[:])
		mac.Write([]byte(unsigned))
		if want := hex.EncodeToString(mac.Sum(nil)); signature != want {
			t.Errorf("the %s provider signed %s with %s, want its own token's signature %s", region, unsigned, signature, want)
		}
	}
}

func anySlice(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}
