package storage

import (
	acme "github.com/cidlc/cidlc/examples/idl"
	"github.com/cidlc/cidlc/idl"
)

// BucketObject is a file stored in a bucket under a key.
type BucketObject struct {
	idl.Resource
	// Bucket is the bucket the object is stored in.
	Bucket *Bucket `lumi:"replaces"`
	// Key is the object's name in the bucket, such as "site/index.html".
	Key string `lumi:"replaces,minLength=1,maxLength=1024"`
	// Content is the object's data: a local file, a string or a remote URL. Without it, the object is
	// empty.
	Content *idl.Asset `lumi:"optional"`
	// ContentType is the MIME type served with the object, such as "text/html". Guessed from the key when
	// not given.
	ContentType *string `lumi:"optional,pattern='^[a-z]+/[A-Za-z0-9.+-]+(;.*)?$'"`
	// CacheControl is the Cache-Control header served with the object, such as "max-age=3600".
	CacheControl *string `lumi:"optional"`
	// ACL is the access granted on the object. Defaults to the bucket's.
	ACL *CannedACL `lumi:"optional"`
	// StorageClass is how the object is stored. Defaults to STANDARD.
	StorageClass *StorageClass `lumi:"optional"`
	// Metadata are user-defined headers stored with the object and returned on every read.
	Metadata *map[string]string `lumi:"optional"`
	// Tags are labels attached to the object.
	Tags *acme.Tags `lumi:"optional"`
	// ETag is a hash of the object's content that changes whenever the content does.
	ETag *string `lumi:"etag,out"`
	// VersionID identifies this version of the object, when the bucket has versioning turned on.
	VersionID *string `lumi:"optional,out"`
	// Size is the size of the object in bytes.
	Size *int `lumi:"out"`
}

// GetObjectURL signs a URL that lets whoever holds it download an object without credentials, until it
// expires. The URL is a secret: anyone with it can read the object.
type GetObjectURL struct {
	idl.Function
	// Bucket is the bucket that holds the object.
	Bucket *Bucket
	// Key is the object's name in the bucket.
	Key string `lumi:"minLength=1,maxLength=1024"`
	// ExpiresIn is how long the URL stays valid, in seconds: at most a week.
	ExpiresIn int `lumi:"default=3600,min=1,max=604800"`
	// URL is the signed URL.
	URL string `lumi:"out,secret"`
	// Expires is when the URL stops working, in RFC 3339 format, such as "2026-01-02T15:04:05Z".
	Expires string `lumi:"out"`
}
