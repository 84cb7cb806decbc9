package s3

import (
	"github.com/cidlc/cidlc/idl"
)

// Object is an S3 object.
type Object struct {
	idl.Resource
	// The object's key.
	Key string `lumi:"key,replaces"`
	// The content, uploaded and never read back.
	Source *idl.Asset `lumi:"source,in"`
	// The object's content type.
	ContentType *string `lumi:"contentType,optional"`
}
