package bad

import "github.com/cidlc/cidlc/idl"

// Shared are inputs two functions share; a struct's fields take no out.
type Shared struct {
	Region string `lumi:"out"`
}

// GetImage looks an image up.
type GetImage struct {
	idl.Function
	Shared
	Name    string  `lumi:"secret,minLength=1,default=x"`
	Size    float64 `lumi:"out,default=3"`
	Tag     *string `lumi:"optional,out,replaces"`
	ID      string  `lumi:"out"`
	Created string  `lumi:"out"`
	Secret  string  `lumi:"out,secret"`
	Ref     *GetImage
}
