package contract

import (
	"math"
	"regexp"
	"slices"
	"testing"
)

func f(v float64) *float64 { return &v }
func n(v int) *int         { return &v }

// TestRules: each rule at its edge, and how its message reads. The cross-language test in gen/typescript
// runs many more values through this package and the TypeScript runtime together.
func TestRules(t *testing.T) {
	for _, tc := range []struct {
		c      Constraints
		value  any
		secret bool
		want   []string
	}{
		{Constraints{Min: f(10)}, 10.0, false, nil},
		{Constraints{Min: f(10)}, 9.5, false, []string{"9.5 is less than the minimum 10"}},
		{Constraints{Max: f(10)}, 10.5, true, []string{"the secret value is more than the maximum 10"}},
		{Constraints{ExclusiveMin: f(0)}, 0.0, false, []string{"0 is not more than the exclusive minimum 0"}},
		{Constraints{ExclusiveMax: f(1)}, 1.0, false, []string{"1 is not less than the exclusive maximum 1"}},
		{Constraints{Min: f(10), MultipleOf: f(10)}, 5.0, false,
			[]string{"5 is less than the minimum 10", "5 is not a multiple of 10"}},
		{Constraints{MultipleOf: f(0.1)}, 0.3, false, nil},
		{Constraints{MinLength: n(2)}, "😀", false, []string{`"😀" has 1 character, fewer than the minimum length 2`}},
		{Constraints{MaxLength: n(1)}, "😀", false, nil},
		{Constraints{MinLength: n(12)}, "hunter2", true, []string{"the secret value has fewer characters than the minimum length 12"}},
		{Constraints{MaxLength: n(2)}, "abc", false, []string{`"abc" has 3 characters, more than the maximum length 2`}},
		{Constraints{Pattern: regexp.MustCompile(`^[a-z]+$`)}, "a\tB", false, []string{`"a\tB" does not match the pattern ^[a-z]+$`}},
		{Constraints{Pattern: regexp.MustCompile(`^[a-z]+$`)}, "SECRET", true, []string{"the secret value does not match the pattern ^[a-z]+$"}},
	} {
		var got []string
		switch v := tc.value.(type) {
		case float64:
			got = tc.c.Number(v, tc.secret)
		case string:
			got = tc.c.String(v, tc.secret)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%+v on %q (secret %v):\n got %q\nwant %q", tc.c, tc.value, tc.secret, got, tc.want)
		}
	}
}

func TestCounts(t *testing.T) {
	c := Constraints{MinItems: n(1), MaxItems: n(2), UniqueItems: true, MinProperties: n(2), MaxProperties: n(3)}
	if got, want := c.Array(0, nil), []string{"has 0 items, fewer than the minimum 1"}; !slices.Equal(got, want) {
		t.Errorf("Array(0) = %q, want %q", got, want)
	}
	dup := func() (int, int, bool) {
		return FirstDuplicate([]string{"a", "b", "c", "b", "a"}, func(x, y string) bool { return x == y })
	}
	if got, want := c.Array(5, dup), []string{"has 5 items, more than the maximum 2", "items 1 and 3 are equal"}; !slices.Equal(got, want) {
		t.Errorf("Array(5) = %q, want %q", got, want)
	}
	if got, want := c.Map(1), []string{"has 1 entry, fewer than the minimum 2"}; !slices.Equal(got, want) {
		t.Errorf("Map(1) = %q, want %q", got, want)
	}
}

// TestFormatNumber: what JavaScript's String(x) gives for the same numbers.
func TestFormatNumber(t *testing.T) {
	for v, want := range map[float64]string{
		0: "0", 5: "5", -2.5: "-2.5", 0.30000000000000004: "0.30000000000000004", 1e-6: "0.000001", 1e-7: "1e-7",
		123456789012345680000: "123456789012345680000", 1e21: "1e+21", -1.5e-10: "-1.5e-10", 65536: "65536",
		math.Inf(1): "Infinity", math.Inf(-1): "-Infinity",
	} {
		if got := FormatNumber(v); got != want {
			t.Errorf("FormatNumber(%v) = %s, want %s", v, got, want)
		}
	}
	if got := FormatNumber(math.NaN()); got != "NaN" {
		t.Errorf("FormatNumber(NaN) = %s, want NaN", got)
	}
}

// TestQuote: what JavaScript's JSON.stringify gives for the same strings.
func TestQuote(t *testing.T) {
	for s, want := range map[string]string{
		`a"b\c`: `"a\"b\\c"`, "\x00\x1f\x7f": `"\u0000\u001f` + "\x7f\"", "\u2028é😀": "\"\u2028é😀\"", "\b\f\n\r\t": `"\b\f\n\r\t"`,
	} {
		if got := Quote(s); got != want {
			t.Errorf("Quote(%q) = %s, want %s", s, got, want)
		}
	}
}

func TestIsMultiple(t *testing.T) {
	for _, tc := range []struct {
		v, m float64
		want bool
	}{
		{0.3, 0.1, true}, {0.35, 0.1, false}, {-20, 10, true}, {0, 7, true}, {1e20, 3, true}, {7, 0.5, true}, {7.25, 0.5, false},
	} {
		if got := IsMultiple(tc.v, tc.m); got != tc.want {
			t.Errorf("IsMultiple(%v, %v) = %v, want %v", tc.v, tc.m, got, tc.want)
		}
	}
}
