package lambda

import (
	"github.com/cidlc/cidlc/idl"
	"github.com/cidlc/cidlc/testdata/load/aws2017"
	"github.com/cidlc/cidlc/testdata/load/aws2017/ec2"
	"github.com/cidlc/cidlc/testdata/load/aws2017/iam"
)

// Function is a Lambda function.
type Function struct {
	idl.NamedResource
	// The function's code.
	Code idl.Archive `lumi:"code"`
	// The handler entry point.
	Handler string `lumi:"handler"`
	// The execution role.
	Role *iam.Role `lumi:"role"`
	// Environment variables.
	Environment *aws.Environment `lumi:"environment,optional"`
	// Network placement.
	VPCConfig *VPCConfig `lumi:"vpcConfig,optional"`
	// The function's ARN.
	ARN aws.ARN `lumi:"arn,out"`
}

// VPCConfig places a function in a VPC.
type VPCConfig struct {
	// The security groups.
	SecurityGroups []*ec2.SecurityGroup `lumi:"securityGroups"`
	// Tags applied to the network interfaces.
	Tags *[]aws.Tag `lumi:"tags,optional"`
}
