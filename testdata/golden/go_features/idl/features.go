// Package features exercises every construct of the IDL, for the Go stubs' golden test.
//
// Each sub-package is a module: kinds holds a resource with a property of every type, net and provider
// hold resources that kinds refers to across modules.
package features

// Color is an enum.
type Color string

const (
	// Red is the first color.
	Red   Color = "red"
	Green Color = "green" // Green is documented at the end of its line.
	// Blue is a color whose value needs quoting: "blue\ish".
	Blue Color = "blue \"\\ish\""
)

// ARN is a string alias.
type ARN string

// Port is a number alias.
type Port float64

// Flag is a bool alias.
type Flag bool

// Labels is a map alias.
type Labels map[string]string

// Palette is an array alias of enums.
type Palette []Color

// Document is an alias of an arbitrary value.
type Document any

// Shared is a struct that other modules use.
type Shared struct {
	// Label is required.
	Label string
	// Port is an optional alias.
	Port *Port `lumi:"optional"`
	// Nested is a struct inside a struct.
	Nested *Inner `lumi:"optional"`
}

// Inner is nested in Shared.
type Inner struct {
	Colors    []Color
	ByColor   map[Color]float64
	Documents *[]Document `lumi:"optional"`
}

// Answer is an untyped integer constant: a number.
const Answer = 42

// Pi is a typed number constant.
const Pi float64 = 3.141592653589793

// Big is a large number.
const Big = 1e300

// Greeting is a string constant with escapes and no end of line:
//
//	"Hello,\tworld"
const Greeting = "Hello,\t\"world\"\n\\ \u00e9 `"

// Enabled is a bool constant.
const Enabled = true
