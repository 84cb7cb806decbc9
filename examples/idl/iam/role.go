// Package iam describes Acme Cloud's identity and access management: roles that services and servers
// assume, users and groups for people, the policies that grant them permissions, and access keys for
// programmatic access.
package iam

import (
	acme "github.com/cidlc/cidlc/examples/idl"
	"github.com/cidlc/cidlc/idl"
)

// MaxSessionHours is the longest session a role may allow, in hours.
const MaxSessionHours int = 12

// Role is an identity with permissions that trusted principals, such as servers, functions or users of
// another account, assume to get temporary credentials.
type Role struct {
	idl.NamedResource
	// AssumeRolePolicy is the trust policy, a JSON policy document that says who may assume the role, such
	// as {"Version": "2024-01-01", "Statement": [{"Effect": "Allow", "Principal": {"Service":
	// "compute.acme.example"}, "Action": "sts:AssumeRole"}]}.
	AssumeRolePolicy any
	// Path groups roles into folders, such as "/services/". Defaults to "/".
	Path *string `lumi:"optional,replaces,pattern='^/([A-Za-z0-9_+=,.@-]+/)*$',maxLength=512"`
	// Description says what the role is for.
	Description *string `lumi:"optional"`
	// Policies are the managed policies attached to the role, granting it their permissions.
	Policies *[]*Policy `lumi:"optional"`
	// MaxSessionDuration is how long, in seconds, credentials obtained from the role stay valid: from
	// 3600 (the default) to 43200.
	MaxSessionDuration *int `lumi:"optional,min=3600,max=43200"`
	// Tags are labels attached to the role.
	Tags *acme.Tags `lumi:"optional"`
	// ARN is the Acme Resource Name that policies use to refer to the role.
	ARN acme.ARN `lumi:"arn,out"`
	// UniqueID is a stable identifier of the role that is never reused, even after the role is deleted.
	UniqueID *string `lumi:"out"`
}
