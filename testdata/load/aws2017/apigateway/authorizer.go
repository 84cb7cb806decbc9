package apigateway

import (
	"github.com/cidlc/cidlc/idl"
)

// Authorizer is an API Gateway authorizer.
type Authorizer struct {
	idl.Resource
	// Providers is a list of the Amazon Cognito user pools to associate with this authorizer.
	Providers *[]idl.Resource/*TODO: cognito.UserPool*/ `lumi:"providers,optional"`
	// The resource the authorizer guards.
	Target *idl.Resource `lumi:"target"`
	// The identity source.
	IdentitySource map[string]interface{} `lumi:"identitySource"`
}
