package iam

import (
	acme "github.com/cidlc/cidlc/examples/idl"
	"github.com/cidlc/cidlc/idl"
)

// Policy is a managed permissions policy: a named JSON document of statements that allow or deny actions
// on resources. Attach it to roles, users and groups.
type Policy struct {
	idl.NamedResource
	// Document is the policy document, an arbitrary JSON value such as {"Version": "2024-01-01",
	// "Statement": [{"Effect": "Allow", "Action": ["storage:GetObject"], "Resource": "*"}]}. Each change
	// creates a new version of the policy and makes it the default.
	Document interface{}
	// Description says what the policy allows.
	Description *string `lumi:"optional,replaces"`
	// Path groups policies into folders, such as "/teams/data/". Defaults to "/".
	Path *string `lumi:"optional,replaces"`
	// ARN is the Acme Resource Name of the policy.
	ARN *acme.ARN `lumi:"out"`
	// DefaultVersionID names the current version of the document, such as "v3".
	DefaultVersionID *string `lumi:"out"`
	// AttachmentCount is how many roles, users and groups the policy is attached to.
	AttachmentCount *int `lumi:"out"`
}

// PolicyAttachment attaches a managed policy to a role, a user or a group. Use it to attach a policy to
// an identity managed elsewhere, or when the identity's own Policies list is not an option.
type PolicyAttachment struct {
	idl.Resource
	// Policy is the policy to attach.
	Policy *Policy `lumi:"replaces"`
	// Target is the identity that receives the policy's permissions: a Role, a User or a Group.
	Target *idl.Resource `lumi:"replaces"`
}
