package s3

import (
	"github.com/cidlc/cidlc/idl"
)

// Bucket holds objects.
type Bucket struct {
	idl.NamedResource
	// BucketName is the bucket's global name.
	BucketName *string `lumi:"bucketName,optional,replaces"`
}

// Object is an object in a bucket.
type Object struct {
	idl.Resource
	// Key is the object's name in its bucket.
	Key string `lumi:"key,replaces"`
	// Bucket holds the object.
	Bucket *Bucket `lumi:"bucket,replaces"`
	// Source is the object's content, given once and never read back.
	Source *idl.Asset `lumi:"source,in"`
	// ContentType is the object's media type.
	ContentType *string `lumi:"contentType,optional"`
}
