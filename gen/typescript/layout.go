package typescript

import (
	"strings"
	"unicode"
)

// The layout of the generated code is prettier's, with the options the package's .prettierrc.json pins:
// `prettier --check` passes on a freshly generated package. Most of the output has a fixed shape, which
// the templates hold as it is; the functions in this file decide the few layouts that depend on the
// length of a line, the way prettier decides them: lists (imports, signatures, calls, arrays), unions,
// assignments, conditions, object literals and line comments. Templates call them where the construct
// starts (see template.go): each takes the column it starts at (the line's indentation, which the lines
// it adds take too, and the width of the text already on the line) and appends the text that continues
// the line, its later lines indented, to the output's own bytes, so that most calls allocate nothing.
// The items of a list and the values of an object's properties, rarer, are laid out as strings. A
// property whose type expression alone is longer than a line (it would take names of dozens of
// characters) is left on one line, where prettier would break inside the type.

const (
	printWidth = 120    // .prettierrc.json's printWidth
	indentUnit = "    " // .prettierrc.json's tabWidth, with spaces
)

// textWidth is how many columns prettier counts for s: East Asian wide characters count two, combining
// marks none. It approximates prettier's getStringWidth with the main wide blocks; it only matters for
// non-ASCII text within a few columns of printWidth.
func textWidth[T string | []byte](s T) int {
	// Most text is printable ASCII, a column a byte: the layouts measure every line they lay out.
	w := 0
	for w < len(s) && 0x20 <= s[w] && s[w] < 0x7f {
		w++
	}
	if w == len(s) {
		return w
	}
	for _, r := range string(s[w:]) {
		switch {
		case r < 0x20 || 0x7f <= r && r <= 0x9f:
		case r < 0x300: // below the first combining mark, and far below the first wide character
			w++
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

// A column is where a layout starts on its line: what it needs of the text already there.
type column struct {
	indent string // the line's leading spaces: the indentation of the lines a layout adds
	width  int    // the width of the line so far, indentation included
}

// at returns the column at the end of line.
func at[T string | []byte](line T) column { return column{indentOf(line), textWidth(line)} }

// fits reports whether parts fit on the line after c, within printWidth. The parts are measured one after
// the other rather than joined: most lines fit, and the join was garbage.
func (c column) fits(parts ...string) bool {
	w := c.width
	for _, p := range parts {
		w += textWidth(p)
	}
	return w <= printWidth
}

// after returns the column after text, written at c: the layouts write their text on one line, then
// measure it where it stands.
func (c column) after(text []byte) column { return column{c.indent, c.width + textWidth(text)} }

// indentOf returns the indentation of line, its leading spaces, most often without a copy: a slice of
// blanks.
func indentOf[T string | []byte](line T) string {
	n := 0
	for n < len(line) && line[n] == ' ' {
		n++
	}
	if n <= len(blanks) {
		return blanks[:n]
	}
	return string(line[:n])
}

// blanks holds the indentations indentOf returns without a copy.
const blanks = "                                                                                "

// An item is an element of a list: a string, which prettier never breaks, or a breakable.
type item = any

// A breakable is an item that prettier breaks over several lines when it does not fit on its line.
type breakable interface {
	// flat is the item on one line.
	flat() string
	// broken is the item over several lines, its later lines indented from indent.
	broken(indent string) string
	// mustBreak reports whether the item stays broken even where it would fit on one line.
	mustBreak() bool
}

// flatText is an item on one line.
func flatText(it item) string {
	if b, ok := it.(breakable); ok {
		return b.flat()
	}
	return it.(string)
}

// layoutItem lays out an item and the tail that follows it from the end of line: on one line when it
// fits (a string always), else broken.
func layoutItem(line string, it item, tail string) string {
	b, ok := it.(breakable)
	if !ok {
		return it.(string) + tail
	}
	if flat := b.flat() + tail; !b.mustBreak() && at(line).fits(flat) {
		return flat
	}
	return b.broken(indentOf(line)) + tail
}

// appendList appends the layout of a bracketed list at c, the way prettier lays out arguments,
// parameters, array elements and imported names: on one line when it fits,
//
//	open a, b close
//
// else one item per line, one level deeper, each with a trailing comma:
//
//	open
//	    a,
//	    b,
//	close
//
// open ends with the bracket ("f(", "import type { "); close starts with the closing bracket (") {").
// Padded brackets ("{ " … " }") lose their padding when broken. A last item that is an object or array
// literal is "hugged" when the line up to its bracket fits: the other items stay on the first line and
// the literal breaks open, `f(a, {` … `})`.
func appendList(b []byte, c column, open string, items []item, close string) []byte {
	// The list on one line, written at once and measured where it stands: most lists fit.
	start := len(b)
	b = append(b, open...)
	mustBreak := false
	for i, it := range items {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, flatText(it)...)
		if br, ok := it.(breakable); ok && br.mustBreak() {
			mustBreak = true
		}
	}
	b = append(b, close...)
	if len(items) == 0 || !mustBreak && c.after(b[start:]).fits() {
		return b
	}
	b = b[:start]
	if last, ok := items[len(items)-1].(huggable); ok {
		b = append(b, open...)
		for _, it := range items[:len(items)-1] {
			b = append(b, flatText(it)...)
			b = append(b, ", "...)
		}
		if c.after(b[start:]).fits(last.opening()) {
			b = append(b, last.broken(c.indent)...)
			return append(b, close...)
		}
		b = b[:start]
	}
	inner := c.indent + indentUnit
	b = append(b, strings.TrimRight(open, " ")...)
	b = append(b, '\n')
	for _, it := range items {
		b = append(b, inner...)
		b = append(b, layoutItem(inner, it, ",")...)
		b = append(b, '\n')
	}
	b = append(b, c.indent...)
	return append(b, strings.TrimLeft(close, " ")...)
}

// A huggable is a breakable that a list hugs when it is its last item: an object or array literal.
type huggable interface {
	breakable
	opening() string // its opening bracket
}

func (o jsObject) opening() string { return "{" }
func (a jsArray) opening() string  { return "[" }

// A unionType is a type annotation whose type is a union, as an item of a list: `argsOrState?: A | B`.
// Broken, its members go one per line, each after "| ".
type unionType struct {
	head    string // "argsOrState?:"
	members []string
}

func (u unionType) flat() string    { return u.head + " " + strings.Join(u.members, " | ") }
func (u unionType) mustBreak() bool { return false }

func (u unionType) broken(indent string) string {
	var b strings.Builder
	b.WriteString(u.head)
	for _, m := range u.members {
		b.WriteString("\n" + indent + indentUnit + "| " + m)
	}
	return b.String()
}

// A jsArray is an array literal as an item: `["A", "B"]` on one line, broken one element per line.
type jsArray []string

func (a jsArray) flat() string    { return "[" + strings.Join(a, ", ") + "]" }
func (a jsArray) mustBreak() bool { return false }

func (a jsArray) broken(indent string) string {
	var b strings.Builder
	b.WriteString("[\n")
	for _, e := range a {
		b.WriteString(indent + indentUnit + e + ",\n")
	}
	b.WriteString(indent + "]")
	return b.String()
}

// A jsObject is an object literal the generator lays out as prettier does.
type jsObject struct {
	props []jsProp
	// expand keeps the object broken open, one property per line, even where it would fit on a line:
	// the contract tables of constructors read better so, and prettier keeps an object broken open once
	// its first property is on a line of its own.
	expand bool
}

// jsProp is one property of an object literal: value is a literal or a name (a string), or an object.
// A property without a key is a member written as it is: a spread (...opts) or a shorthand (urn).
type jsProp struct {
	key   string
	value any
}

func (o *jsObject) add(key string, value any) { o.props = append(o.props, jsProp{key, value}) }

// Any reports whether the object has a property.
func (o jsObject) Any() bool { return len(o.props) > 0 }

// objectOf returns the object literal of members written as they are: `{ ...opts, id: id }`.
func objectOf(members ...string) jsObject {
	var o jsObject
	for _, m := range members {
		o.add("", m)
	}
	return o
}

func (o jsObject) mustBreak() bool { return o.expand }

// flat is the object on one line: `{ min: 10, items: { pattern: "…" } }`.
func (o jsObject) flat() string {
	parts := make([]string, len(o.props))
	for i, p := range o.props {
		parts[i] = p.head(": ") + flatText(p.value)
	}
	return "{ " + strings.Join(parts, ", ") + " }"
}

// broken is the object with one property per line, one level deeper than indent.
func (o jsObject) broken(indent string) string {
	var b strings.Builder
	b.WriteString("{\n")
	for _, p := range o.props {
		b.WriteString(indent + indentUnit + p.layout(indent+indentUnit) + "\n")
	}
	b.WriteString(indent + "}")
	return b.String()
}

// head is what comes before the property's value: its key and sep, or nothing for a member without one.
func (p jsProp) head(sep string) string {
	if p.key == "" {
		return ""
	}
	return p.key + sep
}

// layout lays out the property and its comma from the end of line. prettier moves a string literal that
// does not fit to the next line, one level deeper, unless the key is shorter than the indentation that
// would gain.
func (p jsProp) layout(line string) string {
	v, ok := p.value.(string)
	if !ok {
		return p.head(": ") + layoutItem(line+p.head(": "), p.value, ",")
	}
	flat := p.head(": ") + v + ","
	if at(line).fits(flat) || !strings.HasPrefix(v, `"`) && !strings.HasPrefix(v, `'`) || textWidth(p.key) < len(indentUnit)+3 {
		return flat
	}
	return p.head(":") + "\n" + indentOf(line) + indentUnit + v + ","
}

// appendAssign appends the layout of an assignment or declaration at c, `head value tail` (head ends with
// the "="), the way prettier does: on one line when it fits, else the value on the next line, one level
// deeper. members are the value, or the members of a union; a union that does not fit on a line of its
// own either gets one member per line, each after "| ".
func appendAssign(b []byte, c column, head string, members []string, tail string) []byte {
	value := strings.Join(members, " | ")
	b = append(b, head...)
	if c.fits(head, " ", value, tail) {
		b = append(b, ' ')
		b = append(b, value...)
		return append(b, tail...)
	}
	inner := c.indent + indentUnit
	if len(members) == 1 || at(inner).fits(value, tail) {
		b = append(b, '\n')
		b = append(b, inner...)
		b = append(b, value...)
		return append(b, tail...)
	}
	for _, m := range members {
		b = append(b, '\n')
		b = append(b, inner...)
		b = append(b, "| "...)
		b = append(b, m...)
	}
	return append(b, tail...)
}

// appendChain appends the layout of operands joined by a binary operator inside brackets at c,
// `if (a && b) {`, the way prettier does: on one line when it fits, else each operand on a line of its
// own, one level deeper, the operator at the end of the line.
func appendChain(b []byte, c column, open, operator string, operands []string, close string) []byte {
	start := len(b)
	b = append(b, open...)
	for i, o := range operands {
		if i > 0 {
			b = append(b, ' ')
			b = append(b, operator...)
			b = append(b, ' ')
		}
		b = append(b, o...)
	}
	b = append(b, close...)
	if c.after(b[start:]).fits() {
		return b
	}
	b = append(b[:start], open...)
	for i, o := range operands {
		b = append(b, '\n')
		b = append(b, c.indent...)
		b = append(b, indentUnit...)
		b = append(b, o...)
		if i < len(operands)-1 {
			b = append(b, ' ')
			b = append(b, operator...)
		}
	}
	b = append(b, '\n')
	b = append(b, c.indent...)
	return append(b, close...)
}

// appendComment appends a line comment made of phrases at c: on one line when it fits, else one phrase
// per line. prettier leaves comments alone; this keeps the ones cidlc writes within printWidth.
func appendComment(b []byte, c column, phrases []string) []byte {
	start := len(b)
	b = append(b, "// "...)
	for i, p := range phrases {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, p...)
	}
	if c.after(b[start:]).fits() {
		return b
	}
	b = append(b[:start], "// "...)
	for i, p := range phrases {
		if i > 0 {
			b = append(b, '\n')
			b = append(b, c.indent...)
			b = append(b, "// "...)
		}
		b = append(b, p...)
	}
	return b
}
