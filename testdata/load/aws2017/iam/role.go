package iam

import (
	"github.com/cidlc/cidlc/idl"
	"github.com/cidlc/cidlc/testdata/load/aws2017"
)

// Role is an IAM role.
type Role struct {
	idl.NamedResource
	// The trust policy, an arbitrary JSON document.
	AssumeRolePolicyDocument interface{} `lumi:"assumeRolePolicyDocument"`
	// Inline policies.
	Policies *[]Policy `lumi:"policies,optional"`
	// The role's ARN.
	ARN aws.ARN `lumi:"arn,out"`
}

// Policy is an inline policy.
type Policy struct {
	// The policy document.
	PolicyDocument interface{} `lumi:"policyDocument"`
	// The policy name.
	PolicyName string `lumi:"policyName"`
}
