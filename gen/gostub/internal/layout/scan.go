package layout

import (
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
func scan(src string, toks []tok) []tok {
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
			continue
		}
		start := i
		k := kOp
		switch {
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			k = kComment
			for i < len(src) && src[i] != '\n' {
				if src[i] == '\r' {
					unsupported()
				}
				i++
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
				if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
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
				if src[i] == '\n' || src[i] == '\r' {
					unsupported() // a raw string across lines
				}
				i++
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

// scanNumber scans a decimal number as strconv.FormatFloat and jennifer write them: digits, a point, an
// exponent with a sign. gofmt rewrites other spellings (0X, 1E5), which are not laid out here.
func scanNumber(src string, i int) int {
	for i < len(src) {
		c := src[i]
		switch {
		case isDigit(c) || c == '.':
			i++
		case c == 'e':
			i++
			if i < len(src) && (src[i] == '+' || src[i] == '-') {
				i++
			}
		case isLetter(c):
			unsupported()
		default:
			return i
		}
	}
	return i
}

// scanQuoted scans a string or rune literal on one line.
func scanQuoted(src string, i int, quote byte) int {
	for i++; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case '\n', '\r':
			unsupported()
		case quote:
			return i + 1
		}
	}
	unsupported()
	return 0
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
