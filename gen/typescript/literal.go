package typescript

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// jsString returns s as a TypeScript string literal that evaluates to exactly s. s must be valid UTF-8
// (checkStrings makes sure of that before anything is rendered).
//
// The quote is the one prettier would pick: double quotes, unless s holds more double quotes than single
// quotes; only that quote is escaped. Line terminators (including U+2028 and U+2029, which end a line in
// JavaScript source), every other control or invisible character (bidirectional overrides among them,
// so that the source shows what the string holds) are escaped as \uXXXX or \u{XXXXX}; everything else,
// emoji and backticks and `${` included, is written as it is: none of it is special in a quoted string.
func jsString(s string) string {
	if plainASCII(s) {
		return `"` + s + `"` // names and most messages: nothing to escape
	}
	quote := '"'
	if strings.Count(s, `"`) > strings.Count(s, `'`) {
		quote = '\''
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteRune(quote)
	for _, r := range s {
		switch {
		case r == quote || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r == '\v':
			b.WriteString(`\v`)
		case r == ' ' || unicode.IsPrint(r):
			b.WriteRune(r)
		case r <= 0xFFFF:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\u{%x}`, r)
		}
	}
	b.WriteRune(quote)
	return b.String()
}

// plainASCII reports whether s is printable ASCII without a double quote or a backslash: what jsString
// writes as it is.
func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// jsNumber returns f as a TypeScript number literal, in the normal form prettier prints: no exponent
// between 1e-6 and 1e21 (as JavaScript's own Number.prototype.toString), otherwise an exponent without
// "+" or leading zeros. IDL constants are finite: the Go type checker has no NaN or infinite constants.
func jsNumber(f float64) string {
	if a := math.Abs(f); a == 0 || (a >= 1e-6 && a < 1e21) {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	mant, exp, _ := strings.Cut(strconv.FormatFloat(f, 'e', -1, 64), "e")
	sign := ""
	if exp[0] == '-' {
		sign = "-"
	}
	return mant + "e" + sign + strings.TrimLeft(exp[1:], "0")
}

// jsValue returns the literal of a constant's value: a bool, float64 or string.
func jsValue(v any) (string, error) {
	switch v := v.(type) {
	case bool:
		return strconv.FormatBool(v), nil
	case float64:
		return jsNumber(v), nil
	case string:
		return jsString(v), nil
	}
	return "", fmt.Errorf("unexpected constant value %#v", v)
}

// isIdentifierName reports whether s can be written as a bare property name or export name in
// TypeScript: an IdentifierName of ECMAScript 2015 (ID_Start, then ID_Continue, $ and _ anywhere).
// Reserved words are IdentifierNames: they are fine as property names. Every IDL wire name is a Go
// identifier, and almost every Go identifier passes; the exceptions (letters that are pattern syntax,
// such as U+2E2F) are quoted.
func isIdentifierName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		ok := r == '$' || r == '_' || isIDStart(r)
		if i > 0 {
			ok = ok || isIDContinue(r) || r == '\u200c' || r == '\u200d'
		}
		if !ok {
			return false
		}
	}
	return true
}

func isIDStart(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
	}
	return (unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Other_ID_Start, r)) &&
		!unicode.Is(unicode.Pattern_Syntax, r) && !unicode.Is(unicode.Pattern_White_Space, r)
}

func isIDContinue(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	}
	return isIDStart(r) ||
		(unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue) &&
			!unicode.Is(unicode.Pattern_Syntax, r) && !unicode.Is(unicode.Pattern_White_Space, r))
}

// propertyKey returns how the property name is written in an interface or class body. A name that is not
// an IdentifierName is a computed key, ["…"], rather than a quoted one: prettier unquotes quoted keys of
// interfaces by a table of its own, which takes U+2E2F for a letter where TypeScript does not.
func propertyKey(name string) string {
	if isIdentifierName(name) {
		return name
	}
	return "[" + jsString(name) + "]"
}

// propertyAccess returns the optional-chaining read of property name on obj: `args?.vpc` or
// `args?.["x"]`.
func propertyAccess(obj, name string) string {
	if isIdentifierName(name) {
		return obj + "?." + name
	}
	return obj + "?.[" + jsString(name) + "]"
}
