// Package feat uses every construct of the IDL once, to show how each one looks in the TypeScript
// package.
package feat

// Greeting is a string constant.
const Greeting = "hello"

// Answer is an untyped integer constant: a number.
const Answer = 42

// Ratio is a typed float64 constant.
const Ratio float64 = 0.1

// Big needs an exponent.
const Big = 1e21

// Tiny needs a negative exponent.
const Tiny = 1e-7

// Negative is below zero.
const Negative = -2.5

// Largest is the largest float64.
const Largest float64 = 1.7976931348623157e308

// Enabled is a boolean constant.
const Enabled = true
