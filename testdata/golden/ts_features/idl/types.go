package feat

import "github.com/cidlc/cidlc/idl"

// Color is an enum.
type Color string

const (
	// Red is the first value.
	Red   Color = "red"
	Green Color = "green" // Green is documented at the end of its line.
	Blue  Color = "blue"
)

// Name is an alias of string.
type Name string

// Score is an alias of float64.
type Score float64

// Flag is an alias of bool.
type Flag bool

// Labels is an alias of a map: it has an input shape too.
type Labels map[string]string

// Scores is an alias of an array.
type Scores []float64

// Grid is an array of arrays.
type Grid [][]float64

// Shapes is an array of structs.
type Shapes []Shape

// ByColor is a map keyed by an enum.
type ByColor map[Color]Shape

// ByName is a map keyed by a string alias.
type ByName map[Name]string

// Nested is an alias of an alias.
type Nested []Labels

// Shape is a struct with every kind of member.
type Shape struct {
	// Kind is required.
	Kind string
	// Sides is optional.
	Sides *float64 `lumi:"optional"`
	// Filled is a bool.
	Filled bool
	// Color is an enum.
	Color Color
	// Name is an alias.
	Name *Name `lumi:"optional"`
	// Labels is an alias with an input shape.
	Labels *Labels `lumi:"optional"`
	// Points is an array of arrays.
	Points *[][]float64 `lumi:"optional"`
	// Inner is a nested struct.
	Inner *Rule `lumi:"optional"`
	// Extra is any JSON value.
	Extra *any `lumi:"optional"`
	// Owner is a reference to any resource.
	Owner *idl.Resource `lumi:"optional"`
}

// Rule has the same name as compute.Rule: a file that uses both imports one under another name.
type Rule struct {
	Priority float64
}

// Empty has no properties.
type Empty struct{}
