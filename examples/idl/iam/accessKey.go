package iam

import "github.com/cidlc/cidlc/idl"

// AccessKeyStatus says whether an access key can be used.
type AccessKeyStatus string

const (
	// AccessKeyActive keys sign requests normally.
	AccessKeyActive AccessKeyStatus = "Active"
	// AccessKeyInactive keys are rejected, but can be made active again; deactivate a key before deleting
	// it to find out whether anything still uses it.
	AccessKeyInactive AccessKeyStatus = "Inactive"
)

// AccessKey is a pair of long-lived credentials, an access key ID and a secret, that a user's programs
// sign API requests with.
type AccessKey struct {
	idl.Resource
	// ID is the access key ID, such as "AKIA0123456789EXAMPLE"; it is not secret.
	ID *string `lumi:"id,out"`
	// User is the user the key belongs to.
	User *User `lumi:"replaces"`
	// Status says whether the key can be used. Defaults to Active.
	Status *AccessKeyStatus `lumi:"optional"`
	// PGPKey is a public PGP key, base64-encoded, used to encrypt the secret before it is returned, so that
	// only the holder of the private key can read it. It is never read back.
	PGPKey *string `lumi:"optional,in,replaces"`
	// Secret is the secret access key. It is only available when the key is created; when PGPKey is set,
	// it is empty and EncryptedSecret holds it instead.
	Secret *string `lumi:"out,secret"`
	// EncryptedSecret is the secret access key encrypted with PGPKey and base64-encoded.
	EncryptedSecret *string `lumi:"optional,out"`
	// CreateDate is when the key was created, in RFC 3339 format.
	CreateDate *string `lumi:"out"`
}
