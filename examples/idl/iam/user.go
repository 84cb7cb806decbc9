package iam

import (
	acme "github.com/cidlc/cidlc/examples/idl"
	"github.com/cidlc/cidlc/idl"
)

// User is a person (or a legacy program) with long-lived credentials: a console password, access keys,
// or both.
type User struct {
	idl.NamedResource
	// Path groups users into folders, such as "/engineering/". Defaults to "/".
	Path *string `lumi:"optional,pattern='^/([A-Za-z0-9_+=,.@-]+/)*$',maxLength=512"`
	// Groups are the groups the user is a member of; the user gets their permissions.
	Groups *[]*Group `lumi:"optional"`
	// Policies are managed policies attached directly to the user. Prefer groups.
	Policies *[]*Policy `lumi:"optional"`
	// Password is the initial console password. It is sent to Acme Cloud once and never read back;
	// without it the user cannot sign in to the console.
	Password *string `lumi:"optional,in,secret,minLength=8,maxLength=128"`
	// PasswordResetRequired makes the user choose a new password at the first sign-in.
	PasswordResetRequired *bool `lumi:"optional"`
	// Tags are labels attached to the user.
	Tags *acme.Tags `lumi:"optional"`
	// ARN is the Acme Resource Name of the user.
	ARN *acme.ARN `lumi:"out"`
	// UserID is the stable identifier of the user, such as "AIDA0123456789EXAMPLE".
	UserID *string `lumi:"out"`
}

// Group is a set of users that share the same permissions.
type Group struct {
	idl.NamedResource
	// Path groups the groups into folders, such as "/engineering/". Defaults to "/".
	Path *string `lumi:"optional,pattern='^/([A-Za-z0-9_+=,.@-]+/)*$',maxLength=512"`
	// Policies are the managed policies attached to the group; every member gets their permissions.
	Policies *[]*Policy `lumi:"optional"`
	// ARN is the Acme Resource Name of the group.
	ARN *acme.ARN `lumi:"out"`
}
