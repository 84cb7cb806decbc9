// Package lb exercises the rules across properties: conflictsWith=, requiredWith=, exactlyOneOf= and
// atLeastOneOf= on a resource, a struct it holds, a function and the configuration.
package lb

import "github.com/cidlc/cidlc/idl"

// Config is how the provider reaches the balancer's API.
type Config struct {
	idl.Config
	// Token authenticates with a token.
	Token *string `lumi:"optional,secret,exactlyOneOf=username"`
	// Username authenticates with a password, which it requires.
	Username *string `lumi:"optional,requiredWith=password"`
	// Password is `Username`'s password.
	Password *string `lumi:"optional,secret"`
}
