package iam

import (
	"github.com/cidlc/cidlc/idl"

	aws "github.com/cidlc/cidlc/testdata/golden/go_2017_corpus/idl"
)

// Role is an identity that services assume.
type Role struct {
	idl.NamedResource
	// AssumeRolePolicyDocument says who may assume the role.
	AssumeRolePolicyDocument interface{} `lumi:"assumeRolePolicyDocument"`
	// Path groups roles.
	Path *string `lumi:"path,optional,replaces"`
	// RoleName is the role's name.
	RoleName *string `lumi:"roleName,optional,replaces"`
	// Policies are the role's inline policies.
	Policies *[]InlinePolicy `lumi:"policies,optional"`
	// ARN is the role's Amazon Resource Name.
	ARN aws.ARN `lumi:"arn,out"`
}

// InlinePolicy is a policy document embedded in a role.
type InlinePolicy struct {
	// PolicyDocument is the policy.
	PolicyDocument interface{} `lumi:"policyDocument"`
	// PolicyName names it.
	PolicyName string `lumi:"policyName"`
}
