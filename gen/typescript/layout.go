package typescript

import (
	"strings"
	"unicode"
)

// The layout of the generated code is prettier's, with the options the package's .prettierrc.json pins:
// `prettier --check` passes on a freshly generated package. Most of the output has a fixed shape; the
// helpers in this file decide the few layouts that depend on the length of a line, the way prettier
// decides them. Only lines whose length depends on the IDL need them: imports, signatures and calls
// that carry a type name, unions of enum values, string constants and the replaceOnChanges list. A
// property whose type expression alone is longer than a line (it would take names of dozens of
// characters) is left on one line, where prettier would break inside the type.

const (
	printWidth = 120    // .prettierrc.json's printWidth
	indentUnit = "    " // .prettierrc.json's tabWidth, with spaces
)

// textWidth is how many columns prettier counts for s: East Asian wide characters count two, combining
// marks none. It approximates prettier's getStringWidth with the main wide blocks; it only matters for
// non-ASCII text within a few columns of printWidth.
func textWidth(s string) int {
	w := 0
	for _, r := range s {
		switch {
		case r < 0x20 || 0x7f <= r && r <= 0x9f:
		case unicode.In(r, unicode.Mn, unicode.Me):
		case isWide(r):
			w += 2
		default:
			w++
		}
	}
	return w
}

// wideRanges are the big blocks of East Asian wide and fullwidth characters, and emoji.
var wideRanges = [][2]rune{
	{0x1100, 0x115F}, {0x231A, 0x231B}, {0x2329, 0x232A}, {0x23E9, 0x23EC}, {0x23F0, 0x23F0},
	{0x23F3, 0x23F3}, {0x25FD, 0x25FE}, {0x2614, 0x2615}, {0x2648, 0x2653}, {0x267F, 0x267F},
	{0x2693, 0x2693}, {0x26A1, 0x26A1}, {0x26AA, 0x26AB}, {0x26BD, 0x26BE}, {0x26C4, 0x26C5},
	{0x26CE, 0x26CE}, {0x26D4, 0x26D4}, {0x26EA, 0x26EA}, {0x26F2, 0x26F3}, {0x26F5, 0x26F5},
	{0x26FA, 0x26FA}, {0x26FD, 0x26FD}, {0x2705, 0x2705}, {0x270A, 0x270B}, {0x2728, 0x2728},
	{0x274C, 0x274C}, {0x274E, 0x274E}, {0x2753, 0x2755}, {0x2757, 0x2757}, {0x2795, 0x2797},
	{0x27B0, 0x27B0}, {0x27BF, 0x27BF}, {0x2B1B, 0x2B1C}, {0x2B50, 0x2B50}, {0x2B55, 0x2B55},
	{0x2E80, 0x303E}, {0x3041, 0x33FF}, {0x3400, 0x4DBF}, {0x4E00, 0x9FFF}, {0xA000, 0xA4CF},
	{0xA960, 0xA97F}, {0xAC00, 0xD7A3}, {0xF900, 0xFAFF}, {0xFE10, 0xFE19}, {0xFE30, 0xFE6F},
	{0xFF00, 0xFF60}, {0xFFE0, 0xFFE6}, {0x16FE0, 0x18CFF}, {0x1B000, 0x1B2FF}, {0x1F004, 0x1F004},
	{0x1F0CF, 0x1F0CF}, {0x1F18E, 0x1F18E}, {0x1F191, 0x1F19A}, {0x1F200, 0x1F2FF}, {0x1F300, 0x1F64F},
	{0x1F680, 0x1F6FF}, {0x1F7E0, 0x1F7EB}, {0x1F90C, 0x1F9FF}, {0x1FA70, 0x1FAFF}, {0x20000, 0x3FFFD},
}

func isWide(r rune) bool {
	if r < 0x1100 {
		return false
	}
	for _, rg := range wideRanges {
		if rg[0] <= r && r <= rg[1] {
			return true
		}
	}
	return false
}

// fits reports whether line, which includes its indentation, fits in printWidth.
func fits(line string) bool { return textWidth(line) <= printWidth }

// list lays out a parenthesised or braced list the way prettier does: on one line when it fits,
//
//	indent + open + a, b + close
//
// else one item per line, one level deeper, each with a trailing comma:
//
//	indent + open
//	indent + "    " + a,
//	indent + close
//
// open ends with the bracket ("f(", "import type { "); close starts with the closing bracket (") {").
// Padded brackets ("{ " … " }") lose their padding when broken.
func list(indent, open string, items []string, close string) string {
	flat := indent + open + strings.Join(items, ", ") + close
	if fits(flat) || len(items) == 0 {
		return flat
	}
	var b strings.Builder
	b.WriteString(indent + strings.TrimRight(open, " ") + "\n")
	for _, item := range items {
		b.WriteString(indent + indentUnit + item + ",\n")
	}
	b.WriteString(indent + strings.TrimLeft(close, " "))
	return b.String()
}

// assignment lays out `head = value;` whose value prettier moves to the next line, one level deeper, when
// the line is too long: a string literal (constants), or a union type (enums). members are the union's
// members; a union that does not fit on its own line either gets one member per line, each after "| ".
func assignment(head string, members []string) string {
	rhs := strings.Join(members, " | ")
	if line := head + " = " + rhs + ";"; fits(line) {
		return line
	}
	if line := indentUnit + rhs + ";"; len(members) == 1 || fits(line) {
		return head + " =\n" + line
	}
	var b strings.Builder
	b.WriteString(head + " =")
	for _, m := range members {
		b.WriteString("\n" + indentUnit + "| " + m)
	}
	b.WriteString(";")
	return b.String()
}

// assignStatement lays out the statement `target = value;` at indent (the first line's indentation is
// the caller's). value is a property read (`args?.vpc`, `args?.name ?? name`), which prettier moves to
// the next line, one level deeper, when the statement is too long.
func assignStatement(indent, target, value string) string {
	if line := target + " = " + value + ";"; fits(indent + line) {
		return line
	}
	return target + " =\n" + indent + indentUnit + value + ";"
}

// condition lays out `if (a && b) {` at indent, prettier's way: when too long, each operand on a line of
// its own, one level deeper.
func condition(indent, a, b string) string {
	if line := indent + "if (" + a + " && " + b + ") {"; fits(line) {
		return line
	}
	inner := indent + indentUnit
	return indent + "if (\n" + inner + a + " &&\n" + inner + b + "\n" + indent + ") {"
}

// hugCall lays out a call whose last argument is an object literal, `head(a, b, { m1, m2 })` + tail, the
// way prettier does: on one line when it fits; else with the object broken open after the other
// arguments ("hugged"), when that first line fits; else every argument on a line of its own.
func hugCall(indent, head string, args, members []string, tail string) string {
	object := "{ " + strings.Join(members, ", ") + " }"
	all := append(append([]string(nil), args...), object)
	if line := indent + head + "(" + strings.Join(all, ", ") + ")" + tail; fits(line) {
		return line
	}
	if first := indent + head + "(" + strings.Join(args, ", ") + ", {"; fits(first) {
		var b strings.Builder
		b.WriteString(first + "\n")
		for _, m := range members {
			b.WriteString(indent + indentUnit + m + ",\n")
		}
		b.WriteString(indent + "})" + tail)
		return b.String()
	}
	return list(indent, head+"(", all, ")"+tail)
}

// callStatement lays out the statement `target = fn(value);` at indent (the first line's indentation is
// the caller's): when too long, prettier breaks the call open rather than the assignment.
func callStatement(indent, target, fn, value string) string {
	if line := target + " = " + fn + "(" + value + ");"; fits(indent + line) {
		return line
	}
	return target + " = " + fn + "(\n" + indent + indentUnit + value + ",\n" + indent + ");"
}
