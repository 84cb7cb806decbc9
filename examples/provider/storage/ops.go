package storage

import (
	"context"
	"crypto/md5"
	"encoding/hex"
	"fmt"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"

	acme "github.com/cidlc/cidlc/examples/provider"
	"github.com/cidlc/cidlc/examples/provider/cloud"
	"github.com/cidlc/cidlc/provider"
)

// Providers returns the providers of the storage resources, kept in c.
func Providers(c *cloud.Cloud) []provider.ResourceProvider {
	buckets := cloud.NewTable[bucket](c, Bucket)
	objects := cloud.NewTable[bucketObject](c, BucketObject)
	return []provider.ResourceProvider{
		NewBucketProvider(bucketOps{buckets, objects}),
		NewBucketObjectProvider(bucketObjectOps{objects, buckets}),
	}
}

type bucketOps struct {
	cloud.Table[bucket]
	objects cloud.Table[bucketObject]
}

func (o bucketOps) Create(_ context.Context, _ resource.URN, b *bucket) (resource.ID, error) {
	id := resource.ID(b.Name) // bucket names are global: the name is the ID
	if _, err := o.Get(id); err == nil {
		return "", fmt.Errorf("bucket name %q is taken", b.Name)
	}
	b.ARN = new(acme.ARN(cloud.ARN("storage", "", b.Name)))
	b.DomainName = new(fmt.Sprintf("%s.storage.%s.acme.example", b.Name, b.Region))
	return id, o.Put(id, b)
}

// Delete refuses to delete a bucket that holds objects, unless the bucket says to delete them too.
func (o bucketOps) Delete(ctx context.Context, id resource.ID, b *bucket) error {
	ids, err := o.objects.Cloud.List(o.objects.Kind)
	if err != nil {
		return err
	}
	for _, oid := range ids {
		obj, err := o.objects.Get(oid)
		if err != nil || obj.Bucket.ID != id {
			continue
		}
		if b.ForceDestroy == nil || !*b.ForceDestroy {
			return fmt.Errorf("bucket %s is not empty (it holds %s); set forceDestroy to delete it anyway", id, obj.Key)
		}
		if err := o.objects.Delete(ctx, oid, obj); err != nil {
			return err
		}
	}
	return o.Table.Delete(ctx, id, b)
}

type bucketObjectOps struct {
	cloud.Table[bucketObject]
	buckets cloud.Table[bucket]
}

func (o bucketObjectOps) Create(ctx context.Context, _ resource.URN, obj *bucketObject) (resource.ID, error) {
	id := cloud.NewID("obj")
	return id, o.Update(ctx, id, nil, obj)
}

// Update stores the content again: a new ETag, and a new version in a versioned bucket.
func (o bucketObjectOps) Update(_ context.Context, id resource.ID, _, news *bucketObject) error {
	var data []byte
	if news.Content != nil {
		var err error
		if data, err = news.Content.Bytes(); err != nil {
			return fmt.Errorf("reading the content: %w", err)
		}
	}
	sum := md5.Sum(data)
	news.ETag = new(hex.EncodeToString(sum[:]))
	news.Size = new(len(data))
	b, err := o.buckets.Get(news.Bucket.ID)
	if err != nil {
		return err
	}
	if b.Versioning != nil && *b.Versioning {
		news.VersionID = new(cloud.RandomHex(16))
	}
	return o.Put(id, news)
}
