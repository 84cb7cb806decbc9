package layout

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// kind is the kind of a token.
type kind uint8

const (
	kEOF kind = iota
	kIdent
	kKeyword
	kNumber
	kString // an interpreted or raw string, or a rune: printed as written
	kComment
	kOp // an operator or punctuation
)

// tok is one token of the source: its text is the source's bytes off:end (printer.text). It holds no
// pointer, so that the garbage collector has nothing to scan in the tokens of a file, and filling them
// in while it runs costs no write barrier.
type tok struct {
	off, end int32
	line     int32 // 0-based line in the source
	col      int32 // 0-based byte column
	kind     kind
}

func isKeyword(s string) bool {
	switch s {
	case "break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough", "for",
		"func", "go", "goto", "if", "import", "interface", "map", "package", "range", "return", "select",
		"struct", "switch", "type", "var":
		return true
	}
	return false
}

// scan splits src into toks, ending with a kEOF token. It fails on what this package does not lay
// out: /* */ comments, literals that gofmt would rewrite or that span lines, and bytes that are not Go.
// It keeps *lineAt where its line starts, for a Refusal to show.
func scan(src string, toks []tok, lineAt *int) []tok {
	line, lineStart := int32(0), 0
	for i := 0; i < len(src); {
		c := src[i]
		switch c {
		case ' ', '\t':
			i++
			continue
		case '\n':
			line++
			i++
			lineStart = i
			*lineAt = i
			continue
		}
		start := i
		k := kOp
		switch {
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			k = kComment
			if strings.HasPrefix(src[i:], markPrefix) {
				i += len(markPrefix) // a mark's NUL (Comments)
			}
			for i < len(src) && src[i] != '\n' {
				i += char(src, i) // not a \r, which gofmt would drop
			}
		case isLetter(c) || c >= utf8.RuneSelf:
			for i < len(src) {
				if src[i] < utf8.RuneSelf {
					if !isLetter(src[i]) && !isDigit(src[i]) {
						break
					}
					i++
					continue
				}
				r, n := utf8.DecodeRuneInString(src[i:])
				if !unicode.IsLetter(r) && (i == start || !unicode.IsDigit(r)) {
					if i == start {
						unsupported() // not Go
					}
					break
				}
				i += n
			}
			k = kIdent
			if isKeyword(src[start:i]) {
				k = kKeyword
			}
		case isDigit(c) || c == '.' && i+1 < len(src) && isDigit(src[i+1]):
			i = scanNumber(src, i)
			k = kNumber
		case c == '"':
			i = scanQuoted(src, i, '"')
			k = kString
		case c == '\'':
			i = scanQuoted(src, i, '\'')
			k = kString
		case c == '`':
			i++
			for i < len(src) && src[i] != '`' {
				if src[i] == '\n' {
					unsupported() // a raw string across lines
				}
				i += char(src, i) // not a \r, which gofmt would drop
			}
			if i == len(src) {
				unsupported()
			}
			i++
			k = kString
		default:
			i += opLen(src[i:])
		}
		toks = append(toks, tok{kind: k, off: int32(start), end: int32(i), line: line, col: int32(start - lineStart)})
	}
	return append(toks, tok{kind: kEOF, off: int32(len(src)), end: int32(len(src)), line: line + 1})
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }

// scanNumber scans a decimal number as strconv.FormatFloat and jennifer write them: digits, a point and
// digits, an exponent e with a sign and digits. Other spellings are not laid out here: gofmt rewrites
// some (0X, 1E5), and others are not Go (08, 1e).
func scanNumber(src string, i int) int {
	digits := func() int {
		start := i
		for i < len(src) && isDigit(src[i]) {
			i++
		}
		return i - start
	}
	if n := digits(); n > 1 && src[i-n] == '0' {
		unsupported() // an octal number, or a decimal one with a leading zero
	}
	if i < len(src) && src[i] == '.' {
		i++
		digits()
	}
	if i < len(src) && src[i] == 'e' {
		i++
		if i < len(src) && (src[i] == '+' || src[i] == '-') {
			i++
		}
		if digits() == 0 {
			unsupported()
		}
	}
	if i < len(src) && (isLetter(src[i]) || isDigit(src[i]) || src[i] == '.' || src[i] >= utf8.RuneSelf) {
		unsupported() // another base, an imaginary number, digit separators, a second point
	}
	return i
}

// scanQuoted scans a string or rune literal on one line. It refuses what Go's scanner does: an unknown
// or invalid escape, a rune literal of other than one character.
func scanQuoted(src string, i int, quote byte) int {
	for n, i := 0, i+1; i < len(src); n++ {
		switch src[i] {
		case quote:
			if quote == '\'' && n != 1 {
				unsupported()
			}
			return i + 1
		case '\\':
			i = scanEscape(src, i+1, quote)
		default:
			i += char(src, i) // not a line break
		}
	}
	unsupported()
	return 0
}

// scanEscape scans the escape whose backslash is before src[i], as Go's scanner does, and returns
// where it ends.
func scanEscape(src string, i int, quote byte) int {
	if i == len(src) {
		unsupported()
	}
	var n int
	var base, limit uint32
	switch c := src[i]; {
	case c == quote || strings.IndexByte(`abfnrtv\`, c) >= 0:
		return i + 1
	case '0' <= c && c <= '7':
		n, base, limit = 3, 8, 255
	case c == 'x':
		i, n, base, limit = i+1, 2, 16, 255
	case c == 'u':
		i, n, base, limit = i+1, 4, 16, unicode.MaxRune
	case c == 'U':
		i, n, base, limit = i+1, 8, 16, unicode.MaxRune
	default:
		unsupported()
	}
	var x uint32
	for ; n > 0; n, i = n-1, i+1 {
		if i == len(src) {
			unsupported()
		}
		d := digitVal(src[i])
		if d >= base {
			unsupported()
		}
		x = x*base + d
	}
	if x > limit || 0xD800 <= x && x < 0xE000 {
		unsupported() // not a Unicode code point
	}
	return i
}

func digitVal(c byte) uint32 {
	switch {
	case '0' <= c && c <= '9':
		return uint32(c - '0')
	case 'a' <= c && c <= 'f':
		return uint32(c - 'a' + 10)
	case 'A' <= c && c <= 'F':
		return uint32(c - 'A' + 10)
	}
	return 16
}

// char is the length of the character at src[i] in a comment or a literal. It refuses what Go's scanner
// refuses anywhere (a NUL byte, a byte order mark, bytes that are not UTF-8) and the control characters
// but the tab, which gofmt's text/tabwriter may read as its own (a form feed ends a section). It is
// small enough to be inlined: a printable ASCII character costs no call.
func char(src string, i int) int {
	if src[i]-' ' < utf8.RuneSelf-' ' {
		return 1
	}
	return otherChar(src, i)
}

func otherChar(src string, i int) int {
	switch c := src[i]; {
	case c == '\t':
		return 1
	case c < utf8.RuneSelf:
		unsupported() // a control character
	}
	r, n := utf8.DecodeRuneInString(src[i:])
	if r == utf8.RuneError && n == 1 || r == '\uFEFF' {
		unsupported()
	}
	return n
}

// opLen is the length of the operator or punctuation at the start of s: the longest that Go has.
func opLen(s string) int {
	next := func(i int) byte {
		if i < len(s) {
			return s[i]
		}
		return 0
	}
	switch c := s[0]; c {
	case '(', ')', '[', ']', '{', '}', ',', ';', '~':
		return 1
	case '.':
		if next(1) == '.' && next(2) == '.' {
			return 3
		}
		return 1
	case ':', '=', '!', '*', '/', '%', '^':
		if next(1) == '=' {
			return 2
		}
		return 1
	case '+', '-':
		if next(1) == '=' || next(1) == c {
			return 2
		}
		return 1
	case '|':
		if next(1) == '=' || next(1) == '|' {
			return 2
		}
		return 1
	case '&':
		switch next(1) {
		case '=', '&':
			return 2
		case '^':
			if next(2) == '=' {
				return 3
			}
			return 2
		}
		return 1
	case '<', '>':
		switch {
		case next(1) == c && next(2) == '=':
			return 3
		case next(1) == c || next(1) == '=' || c == '<' && next(1) == '-':
			return 2
		}
		return 1
	}
	unsupported()
	return 0
}
