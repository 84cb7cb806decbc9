// Package contract holds the rules of the IDL's value contracts (min=, maxLength=, pattern=, uniqueItems
// and the rest, see package idl): what each constraint accepts, and how a value that breaks one is
// described. It is the one place of those rules on the Go side: cidlc's loader checks defaults with it,
// and the runtime of the generated Go stubs (package provider) checks a program's inputs with it. The
// TypeScript package carries their twin (_contracts.ts, written by gen/typescript), which a test holds
// to the same verdicts and messages on one shared table of values.
//
// A message describes the value and the constraint, never the property: callers put it after the path
// of the value. A secret value is never shown: messages say "the secret value" instead.
//
// The package imports nothing but the standard library: provider plugins link it, and must not link the
// compiler with it (its model, its loader, go/packages). The model's constraints are made checkable on
// the compiler's side (model.Constraints.Compile).
package contract

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Constraints are the contract of a value, ready to check: the model's constraints with the pattern compiled
// (model.Constraints.Compile). A nil bound is no bound. Each field applies to one kind of value, as the
// loader made sure: numbers, strings, arrays or maps; Items applies to the elements of an array or the values
// of a map.
type Constraints struct {
	Min, Max, ExclusiveMin, ExclusiveMax, MultipleOf *float64

	MinLength, MaxLength *int
	Pattern              *regexp.Regexp

	MinItems, MaxItems *int
	UniqueItems        bool

	MinProperties, MaxProperties *int

	Items *Constraints
}

// secretValue is how messages show a secret.
const secretValue = "the secret value"

// Number returns a message for each number rule of c that v breaks, in the order min, max, exclusiveMin,
// exclusiveMax, multipleOf; none when v obeys them all.
func (c *Constraints) Number(v float64, secret bool) []string {
	shown := FormatNumber(v)
	if secret {
		shown = secretValue
	}
	var msgs []string
	if c.Min != nil && v < *c.Min {
		msgs = append(msgs, shown+" is less than the minimum "+FormatNumber(*c.Min))
	}
	if c.Max != nil && v > *c.Max {
		msgs = append(msgs, shown+" is more than the maximum "+FormatNumber(*c.Max))
	}
	if c.ExclusiveMin != nil && v <= *c.ExclusiveMin {
		msgs = append(msgs, shown+" is not more than the exclusive minimum "+FormatNumber(*c.ExclusiveMin))
	}
	if c.ExclusiveMax != nil && v >= *c.ExclusiveMax {
		msgs = append(msgs, shown+" is not less than the exclusive maximum "+FormatNumber(*c.ExclusiveMax))
	}
	if c.MultipleOf != nil && !IsMultiple(v, *c.MultipleOf) {
		msgs = append(msgs, shown+" is not a multiple of "+FormatNumber(*c.MultipleOf))
	}
	return msgs
}

// MaxSafeInteger is the largest integer that a number on the wire holds exactly, and so the largest value
// of the IDL's int: 2^53−1, JavaScript's Number.MAX_SAFE_INTEGER. Every value crosses the wire as a JSON
// number (a float64), in which 2^53+1 is 2^53.
const MaxSafeInteger = 1<<53 - 1

// IntegerRange returns the smallest and the largest value of the IDL's integer type of bits: 32 for
// int32, 0 for int (±MaxSafeInteger).
func IntegerRange(bits int) (lo, hi float64) {
	if bits == 32 {
		return math.MinInt32, math.MaxInt32
	}
	return -MaxSafeInteger, MaxSafeInteger
}

// IntegerName is the IDL's name of the integer type of bits: int32, or int.
func IntegerName(bits int) string {
	if bits == 32 {
		return "int32"
	}
	return "int"
}

// Integer says what is wrong with v as a value of the IDL's integer type of bits (see IntegerRange), or
// returns "" when it is one: a fraction, or a whole number beyond the type's range.
func Integer(v float64, bits int, secret bool) string {
	shown := FormatNumber(v)
	if secret {
		shown = secretValue
	}
	if v != math.Trunc(v) || math.IsInf(v, 0) || math.IsNaN(v) {
		return shown + " is not an integer"
	}
	if lo, hi := IntegerRange(bits); v < lo || v > hi {
		msg := fmt.Sprintf("%s is out of the range of %s, %s to %s", shown, IntegerName(bits), FormatNumber(lo), FormatNumber(hi))
		if bits != 32 {
			msg += " (the integers a number holds exactly)"
		}
		return msg
	}
	return ""
}

// String returns a message for each string rule of c that s breaks, in the order minLength, maxLength,
// pattern. Lengths count code points.
func (c *Constraints) String(s string, secret bool) []string {
	var msgs []string
	n := Length(s)
	if c.MinLength != nil && n < *c.MinLength {
		msgs = append(msgs, lengthMessage(s, n, secret, "fewer", "minimum", *c.MinLength))
	}
	if c.MaxLength != nil && n > *c.MaxLength {
		msgs = append(msgs, lengthMessage(s, n, secret, "more", "maximum", *c.MaxLength))
	}
	if c.Pattern != nil && !c.Pattern.MatchString(s) {
		shown := Quote(s)
		if secret {
			shown = secretValue
		}
		msgs = append(msgs, shown+" does not match the pattern "+c.Pattern.String())
	}
	return msgs
}

// lengthMessage says that s, of n code points, is shorter or longer than the bound allows.
func lengthMessage(s string, n int, secret bool, comparison, bound string, limit int) string {
	if secret {
		return fmt.Sprintf("%s has %s characters than the %s length %d", secretValue, comparison, bound, limit)
	}
	return fmt.Sprintf("%s has %s, %s than the %s length %d", Quote(s), count(n, "character", "characters"), comparison, bound, limit)
}

// Array returns a message for each rule of c that an array of n elements breaks: minItems, maxItems,
// then uniqueItems when duplicate finds two equal elements (see FirstDuplicate). duplicate may be nil
// when uniqueness cannot be decided (an element is not known yet).
func (c *Constraints) Array(n int, duplicate func() (i, j int, found bool)) []string {
	msgs := c.counts(n, c.MinItems, c.MaxItems, "item", "items")
	if c.UniqueItems && duplicate != nil {
		if i, j, found := duplicate(); found {
			msgs = append(msgs, fmt.Sprintf("items %d and %d are equal", i, j))
		}
	}
	return msgs
}

// Map returns a message for each rule of c that a map of n entries breaks: minProperties, maxProperties.
func (c *Constraints) Map(n int) []string {
	return c.counts(n, c.MinProperties, c.MaxProperties, "entry", "entries")
}

func (c *Constraints) counts(n int, lo, hi *int, one, many string) []string {
	var msgs []string
	if lo != nil && n < *lo {
		msgs = append(msgs, fmt.Sprintf("has %s, fewer than the minimum %d", count(n, one, many), *lo))
	}
	if hi != nil && n > *hi {
		msgs = append(msgs, fmt.Sprintf("has %s, more than the maximum %d", count(n, one, many), *hi))
	}
	return msgs
}

// FirstDuplicate returns the first pair of equal elements of a: the smallest j that equals an earlier
// element, and the first i < j it equals.
func FirstDuplicate[T any](a []T, equal func(x, y T) bool) (i, j int, found bool) {
	for j := 1; j < len(a); j++ {
		for i := range j {
			if equal(a[i], a[j]) {
				return i, j, true
			}
		}
	}
	return 0, 0, false
}

// IsMultiple reports whether v is a whole multiple of m, allowing for the rounding of decimal fractions
// in binary: 0.3 is a multiple of 0.1, because 0.3/0.1 is within 1e-9 (relative, for quotients above 1)
// of a whole number.
func IsMultiple(v, m float64) bool {
	q := v / m
	return math.Abs(q-math.Round(q)) <= 1e-9*math.Max(1, math.Abs(q))
}

// Length is the length of s as contracts count it: in Unicode code points, not bytes and not UTF-16 code
// units ("😀" has length 1).
func Length(s string) int { return utf8.RuneCountInString(s) }

// FormatNumber writes f as JavaScript's String(f) does, so that both sides of the wire show numbers
// alike: no exponent from 1e-6 to 1e21, otherwise one like 1e+21 or 1e-7; 0 for negative zero.
func FormatNumber(f float64) string {
	switch {
	case f == 0:
		return "0"
	case math.IsNaN(f):
		return "NaN" // JSON has no NaN or infinity, but a protobuf double (a property value) does
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	if a := math.Abs(f); a >= 1e-6 && a < 1e21 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	mant, exp, _ := strings.Cut(strconv.FormatFloat(f, 'e', -1, 64), "e")
	return mant + "e" + exp[:1] + strings.TrimLeft(exp[1:], "0")
}

// Quote writes s as JavaScript's JSON.stringify(s) does: in double quotes, with `"`, `\` and control
// characters escaped and everything else as it is.
func Quote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			if r < 0x20 {
				fmt.Fprintf(&b, `\u%04x`, r)
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}

// count writes n with the singular or plural noun: "1 item", "0 items".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
