package lambda

import (
	"github.com/cidlc/cidlc/idl"

	aws "github.com/cidlc/cidlc/testdata/golden/go_2017_corpus/idl"
	"github.com/cidlc/cidlc/testdata/golden/go_2017_corpus/idl/ec2"
	"github.com/cidlc/cidlc/testdata/golden/go_2017_corpus/idl/iam"
)

// Function runs code in response to events.
type Function struct {
	idl.NamedResource
	// Code is the function's code, a required archive.
	Code *idl.Archive `lumi:"code"`
	// Handler is the entry point in the code.
	Handler string `lumi:"handler"`
	// Role is the identity the function runs as.
	Role *iam.Role `lumi:"role"`
	// Runtime is the language runtime.
	Runtime Runtime `lumi:"runtime"`
	// DeadLetterConfig says where failed events go.
	DeadLetterConfig *DeadLetterConfig `lumi:"deadLetterConfig,optional"`
	// Environment is the function's environment variables.
	Environment *Environment `lumi:"environment,optional"`
	// VPCConfig places the function in a VPC.
	VPCConfig *VPCConfig `lumi:"vpcConfig,optional"`
	// Region is where the function runs.
	Region *aws.Region `lumi:"region,optional,replaces"`
	// ARN is the function's Amazon Resource Name.
	ARN aws.ARN `lumi:"arn,out"`
}

// Runtime is a language runtime.
type Runtime string

const (
	NodeJS6d10Runtime Runtime = "nodejs6.10"
	Python2d7Runtime  Runtime = "python2.7"
)

// DeadLetterConfig names the resource that receives failed events.
type DeadLetterConfig struct {
	// Target receives the events: any resource, a topic or a queue.
	Target *idl.Resource `lumi:"target"`
}

// Environment is a function's environment variables.
type Environment map[string]string

// VPCConfig places a function in a VPC.
type VPCConfig struct {
	// SecurityGroups filter the function's traffic.
	SecurityGroups []*ec2.SecurityGroup `lumi:"securityGroups"`
}
