// Package lookup exercises functions: inputs and results of every kind of property, in the Go stubs,
// the TypeScript package and the Pulumi schema.
package lookup

import "github.com/cidlc/cidlc/idl"

// Region is an enum.
type Region string

const (
	// USWest is the first region.
	USWest Region = "us-west-1"
	EUWest Region = "eu-west-1"
)

// ARN is a string alias.
type ARN string

// Labels is a map alias.
type Labels map[string]string

// Filter narrows a search.
type Filter struct {
	// Name is the field filtered on.
	Name string `lumi:"pattern=^[a-z]+$"`
	// Values are the values it may have.
	Values []string `lumi:"minItems=1"`
}

// Image is a resource that functions refer to.
type Image struct {
	idl.NamedResource
	// Size is the image's size in GiB.
	Size float64
	// ARN is the image's ARN.
	ARN *ARN `lumi:"out"`
}

// Scope are inputs that more than one function takes.
type Scope struct {
	// Region is where to look.
	Region *Region `lumi:"optional"`
	// Account is whose resources to look at; the caller's when not given.
	Account *string `lumi:"optional,pattern=^[0-9]{12}$"`
}

// GetImage finds the newest image that matches its inputs.
//
// It takes and returns a property of every kind.
type GetImage struct {
	idl.Function
	Scope
	// Name is the image's name.
	Name string `lumi:"minLength=1,maxLength=64"`
	// MostRecent picks the newest of several matches.
	MostRecent bool `lumi:"default=true"`
	// MinSize is the smallest size in GiB.
	MinSize  *float64         `lumi:"optional,min=1"`
	Filters  *[]Filter        `lumi:"optional,maxItems=4"`
	Labels   *Labels          `lumi:"optional"`
	Owners   *map[string]ARN  `lumi:"optional"`
	Source   *Image           `lumi:"optional"`
	Any      *idl.Resource    `lumi:"optional"`
	Extra    *interface{}     `lumi:"optional"`
	Seed     *idl.Asset       `lumi:"optional"`
	Regions  *[]Region        `lumi:"optional,uniqueItems"`
	ByRegion *map[Region]bool `lumi:"optional"`
	// Password unlocks private images.
	Password *string `lumi:"optional,secret"`
	// Legacy is an old way to say MostRecent.
	Legacy *bool `lumi:"optional,deprecated=use mostRecent"`

	// ID is the image's ID.
	ID string `lumi:"out"`
	// ARN is the image's ARN.
	ARN     ARN      `lumi:"out"`
	Size    float64  `lumi:"out"`
	Public  bool     `lumi:"out"`
	Tags    []string `lumi:"out"`
	Labels2 Labels   `lumi:"labelsOut,out"`
	Matched []Filter `lumi:"out"`
	Region2 Region   `lumi:"regionOut,out"`
	// Image is a reference to the image.
	Image    *Image        `lumi:"out"`
	Owner    *idl.Resource `lumi:"optional,out"`
	Manifest *idl.Archive  `lumi:"optional,out"`
	Metadata *interface{}  `lumi:"optional,out"`
	// Description is absent for images without one.
	Description *string `lumi:"optional,out"`
	// Key is a secret result.
	Key string `lumi:"out,secret"`
	// Old is a deprecated result.
	Old *string `lumi:"optional,out,deprecated=use description"`
}

// GetCaller says who calls: every input is optional.
type GetCaller struct {
	idl.Function
	// Verbose adds detail.
	Verbose *bool `lumi:"optional"`
	// Account is the caller's account.
	Account string `lumi:"out"`
	// UserID is the caller's user, if any.
	UserID *string `lumi:"optional,out"`
}
