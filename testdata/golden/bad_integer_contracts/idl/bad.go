package bad

import "github.com/cidlc/cidlc/idl"

// Queue is a resource whose integers have contracts that cannot hold.
type Queue struct {
	idl.Resource
	// Priority has a bound that is not a whole number.
	Priority int `lumi:"min=0.5,max=10"`
	// Limit has a bound beyond int32.
	Limit int32 `lumi:"max=3000000000"`
	// Count says what every integer is.
	Count int `lumi:"multipleOf=1"`
	// Size defaults to a fraction.
	Size int `lumi:"default=1.5"`
	// Width defaults beyond int32.
	Width int32 `lumi:"default=2147483648"`
	// Depth defaults beyond int.
	Depth int `lumi:"default=1e20"`
	// Retries bounds an element of an array.
	Retries []int32 `lumi:"items.min=-1e10"`
}

// Small is an int8.
type Small int8
