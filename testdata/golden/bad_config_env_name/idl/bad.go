package bad

import "github.com/cidlc/cidlc/idl"

// Config configures the provider.
type Config struct {
	idl.Config
	// A has a variable name with a dash.
	A *string `lumi:"optional,env=MY-TOKEN"`
	// B has one that starts with a digit.
	B *string `lumi:"optional,env=TOKEN|1TOKEN"`
	// C has an empty one.
	C *string `lumi:"optional,env=TOKEN||OTHER"`
	// D has none.
	D *string `lumi:"optional,env="`
	// E names one twice.
	E *string `lumi:"optional,env=TOKEN|TOKEN"`
	// F gives env= twice.
	F *string `lumi:"optional,env=A,env=B"`
}
