package storage

import (
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/mapper"

	"github.com/cidlc/cidlc/provider"
)

// The benchmarks compare the generated marshaling of a realistic resource, a bucket with lifecycle
// rules, replication and tags, with what providers written against the SDK did before: a struct with
// tags, filled by the SDK's reflection-based mapper. Both read a property map into a struct and write
// it back, as every Create and Update does.
//
//	go test -run '^$' -bench . -benchmem ./examples/provider/storage/

// mapperBucket is the bucket as a provider using the SDK's mapper declares it.
type mapperBucket struct {
	Name           string                  `pulumi:"name"`
	Region         string                  `pulumi:"region"`
	ACL            *string                 `pulumi:"acl,optional"`
	Versioning     *bool                   `pulumi:"versioning,optional"`
	ForceDestroy   *bool                   `pulumi:"forceDestroy,optional"`
	LifecycleRules []mapperLifecycleRule   `pulumi:"lifecycleRules,optional"`
	Replication    map[string]mapperTarget `pulumi:"replication,optional"`
	Tags           map[string]string       `pulumi:"tags,optional"`
	ARN            *string                 `pulumi:"arn,optional"`
	DomainName     *string                 `pulumi:"domainName,optional"`
}

type mapperLifecycleRule struct {
	Prefix      string                     `pulumi:"prefix"`
	Enabled     bool                       `pulumi:"enabled"`
	Transitions []mapperTransition         `pulumi:"transitions,optional"`
	Expiration  *mapperLifecycleExpiration `pulumi:"expiration,optional"`
}

type mapperTransition struct {
	Days         float64 `pulumi:"days"`
	StorageClass string  `pulumi:"storageClass"`
}

type mapperLifecycleExpiration struct {
	Days           float64  `pulumi:"days"`
	NoncurrentDays *float64 `pulumi:"noncurrentDays,optional"`
}

type mapperTarget struct {
	BucketARN    string  `pulumi:"bucketARN"`
	StorageClass *string `pulumi:"storageClass,optional"`
}

// realisticBucket is the state of a bucket in production.
func realisticBucket() resource.PropertyMap {
	rule := func(prefix string, days float64) map[string]any {
		return map[string]any{"prefix": prefix, "enabled": true,
			"transitions": []any{
				map[string]any{"days": days, "storageClass": "INFREQUENT_ACCESS"},
				map[string]any{"days": days * 4, "storageClass": "ARCHIVE"},
			},
			"expiration": map[string]any{"days": days * 12, "noncurrentDays": 30.0}}
	}
	return resource.NewPropertyMapFromMap(map[string]any{
		"name": "acme-prod-assets", "region": "eu-west-1", "acl": "private", "versioning": true, "forceDestroy": false,
		"lifecycleRules": []any{rule("logs/", 30), rule("tmp/", 1), rule("backups/", 90)},
		"replication": map[string]any{
			"us-east-1":      map[string]any{"bucketARN": "arn:acme:storage:::acme-prod-assets-us", "storageClass": "STANDARD"},
			"ap-northeast-1": map[string]any{"bucketARN": "arn:acme:storage:::acme-prod-assets-jp"},
		},
		"tags": map[string]any{"team": "web", "env": "prod", "cost-center": "42", "owner": "alice", "managed-by": "pulumi"},
		"arn":  "arn:acme:storage:::acme-prod-assets", "domainName": "acme-prod-assets.storage.eu-west-1.acme.example",
	})
}

// bucketProvider serves buckets with ops that the benchmarks never call.
func bucketProvider() *BucketProvider { return NewBucketProvider(bucketOps{}) }

func generatedRoundTrip(p *BucketProvider, m resource.PropertyMap) (resource.PropertyMap, error) {
	obj, err := p.Unmarshal(m, provider.State)
	if err != nil {
		return nil, err
	}
	return p.Marshal(obj), nil
}

func mapperRoundTrip(m resource.PropertyMap) (resource.PropertyMap, error) {
	var b mapperBucket
	if err := mapper.MapIU(m.Mappable(), &b); err != nil {
		return nil, err
	}
	out, err := mapper.Unmap(b)
	if err != nil {
		return nil, err
	}
	return resource.NewPropertyMapFromMap(out), nil
}

// TestRoundTrips makes sure that both benchmarks do the same work: each gives back the bucket it read.
func TestRoundTrips(t *testing.T) {
	in := realisticBucket()
	gen, err := generatedRoundTrip(bucketProvider(), in)
	if err != nil {
		t.Fatal(err)
	}
	if !gen.DeepEquals(in) {
		t.Errorf("generated round trip:\n%v\nwant\n%v", gen, in)
	}
	mapped, err := mapperRoundTrip(in)
	if err != nil {
		t.Fatal(err)
	}
	if !mapped.DeepEquals(in) {
		t.Errorf("mapper round trip:\n%v\nwant\n%v", mapped, in)
	}
}

func BenchmarkGenerated(b *testing.B) {
	p, in := bucketProvider(), realisticBucket()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := generatedRoundTrip(p, in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMapper(b *testing.B) {
	in := realisticBucket()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := mapperRoundTrip(in); err != nil {
			b.Fatal(err)
		}
	}
}
