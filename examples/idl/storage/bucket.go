// Package storage describes Acme Cloud's object storage: buckets, and the objects stored in them.
package storage

import (
	acme "github.com/cidlc/cidlc/examples/idl"
	"github.com/cidlc/cidlc/idl"
)

// StorageClass is how an object is stored, trading retrieval speed for price.
type StorageClass string

const (
	// StorageClassStandard is for frequently read data; the default.
	StorageClassStandard StorageClass = "STANDARD"
	// StorageClassInfrequent is cheaper to store but charges for each read; for backups and old logs.
	StorageClassInfrequent StorageClass = "INFREQUENT_ACCESS"
	// StorageClassArchive is the cheapest; objects must be restored, which takes hours, before a read.
	StorageClassArchive StorageClass = "ARCHIVE"
)

// CannedACL is a predefined access control list for a bucket or an object.
type CannedACL string

const (
	// CannedACLPrivate grants access to the owning account only; the default.
	CannedACLPrivate CannedACL = "private"
	// CannedACLPublicRead also lets anyone on the internet read.
	CannedACLPublicRead CannedACL = "public-read"
	// CannedACLAuthenticatedRead also lets any authenticated Acme Cloud account read.
	CannedACLAuthenticatedRead CannedACL = "authenticated-read"
)

// Bucket is a container for objects in one region. Its name is global across all Acme Cloud accounts and
// becomes part of the bucket's address: 3 to 63 lower-case letters, digits, dots and hyphens, starting
// and ending with a letter or a digit.
//
//cidlc:check "replication needs versioning turned on" !has(self.replication) || has(self.versioning) && self.versioning
type Bucket struct {
	idl.NamedResource `lumi:"name.minLength=3,name.maxLength=63,name.pattern=^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$"`
	// Region is the region the bucket's data is stored in.
	Region acme.Region `lumi:"replaces"`
	// ACL is the access granted on the bucket. Defaults to private.
	ACL *CannedACL `lumi:"optional"`
	// Versioning keeps every version of every object, so that overwritten and deleted objects can be
	// recovered. Once turned on it can only be suspended, never turned off. Defaults to false.
	Versioning *bool `lumi:"optional"`
	// ForceDestroy deletes all objects when the bucket is deleted; otherwise deleting a bucket that is not
	// empty fails. Defaults to false.
	ForceDestroy *bool `lumi:"optional"`
	// LifecycleRules expire objects or move them to cheaper storage as they age; at most 100.
	LifecycleRules *[]LifecycleRule `lumi:"optional,maxItems=100"`
	// Replication copies every new object to buckets in other regions, keyed by the region of the copy.
	Replication *map[acme.Region]ReplicationTarget `lumi:"optional"`
	// Tags are labels attached to the bucket: at most MaxTagsPerResource.
	Tags *acme.Tags `lumi:"optional,maxProperties=50"`
	// ARN is the Acme Resource Name of the bucket.
	ARN *acme.ARN `lumi:"out"`
	// DomainName is the bucket's address, such as "my-bucket.storage.us-west-1.acme.example".
	DomainName *string `lumi:"out"`
}

// LifecycleRule applies to the objects whose keys start with a prefix.
type LifecycleRule struct {
	// Prefix selects the objects the rule applies to, such as "logs/". Empty selects every object.
	Prefix string `lumi:"maxLength=1024"`
	// Enabled turns the rule on; a disabled rule is kept but does nothing.
	Enabled bool
	// Transitions move objects to other storage classes as they age. A rule that neither moves nor
	// expires objects would do nothing.
	Transitions *[]LifecycleTransition `lumi:"optional,atLeastOneOf=expiration"`
	// Expiration deletes objects once they are old enough.
	Expiration *LifecycleExpiration `lumi:"optional"`
}

// LifecycleTransition moves objects to another storage class once they are old enough.
type LifecycleTransition struct {
	// Days is the age, in whole days since creation, at which objects move.
	Days int `lumi:"min=1"`
	// StorageClass is the class objects move to.
	StorageClass StorageClass
}

// LifecycleExpiration deletes objects once they are old enough.
type LifecycleExpiration struct {
	// Days is the age, in whole days since creation, at which objects are deleted.
	Days int `lumi:"min=1"`
	// NoncurrentDays, for a versioned bucket, deletes versions that have been replaced for that many days.
	NoncurrentDays *int `lumi:"optional,min=1"`
}

// ReplicationTarget is the destination of a bucket's replicated objects in another region.
type ReplicationTarget struct {
	// BucketARN is the bucket that receives the copies; it must have versioning turned on.
	BucketARN acme.ARN
	// StorageClass is the class the copies are stored in. Defaults to the class of the source object.
	StorageClass *StorageClass `lumi:"optional"`
}
