package storage

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/cidlc/cidlc/examples/provider/cloud"
	"github.com/cidlc/cidlc/provider"
)

// Functions returns the providers of the storage functions, answered from c.
func Functions(c *cloud.Cloud) []provider.FunctionProvider {
	return []provider.FunctionProvider{NewGetObjectURLProvider(getObjectURLOps{cloud.NewTable[bucket](c, Bucket)})}
}

type getObjectURLOps struct{ buckets cloud.Table[bucket] }

// Invoke signs a URL of the object with the key of the provider's API token. The object need not exist
// yet (a program may sign the URL of an object it is about to upload); the bucket must.
func (o getObjectURLOps) Invoke(_ context.Context, q *getObjectURL) error {
	b, err := o.buckets.Get(q.Bucket.ID)
	if errors.Is(err, provider.ErrNotFound) {
		return &provider.CheckError{Failures: []provider.CheckFailure{provider.Failf("bucket", "no bucket %q", q.Bucket.ID)}}
	}
	if err != nil {
		return err
	}
	expires := time.Now().UTC().Truncate(time.Second).Add(time.Duration(q.ExpiresIn) * time.Second)
	u := url.URL{Scheme: "https", Host: fmt.Sprintf("%s.storage.%s.acme.example", b.Name, b.Region), Path: "/" + q.Key,
		RawQuery: fmt.Sprintf("expires=%d", expires.Unix())}
	q.URL = u.String() + "&signature=" + o.buckets.Cloud.Sign(u.String())
	q.Expires = expires.Format(time.RFC3339)
	return nil
}
