package typescript

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzJSString: every string and property name the TypeScript backend escapes comes back exactly, and
// none can end the literal or the line early. The oracle decodes JavaScript string literals by the
// language's rules for the escapes jsString uses; tsc's own verdict on such strings is in the golden
// packages (TestTypeCheck).
func FuzzJSString(f *testing.F) {
	for _, seed := range []string{"", "plain", `it's "quoted"`, "*/ /* ` ${x} \\", "nul\x00", "line\u2028para\u2029",
		"crlf\r\n", "\ufeffbom", "emoji 🙂", "bidi \u202e", "U+2E2F ⸯ", "</script>", "tab\tvt\v"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return // checkStrings rejects these before rendering
		}
		lit := jsString(s)
		got, err := decodeJSString(lit)
		if err != nil {
			t.Fatalf("jsString(%q) = %s: %v", s, lit, err)
		}
		if got != s {
			t.Fatalf("jsString(%q) = %s, which is %q", s, lit, got)
		}
		if strings.ContainsAny(lit, "\n\r\u2028\u2029") {
			t.Fatalf("jsString(%q) = %s holds a line terminator", s, lit)
		}
		// A property name: bare only if it is an IdentifierName, else a computed key of the same string.
		for _, form := range []string{propertyKey(s), strings.TrimPrefix(propertyAccess("args", s), "args?.")} {
			if form == s && isIdentifierName(s) {
				continue
			}
			inner, ok := strings.CutPrefix(form, "[")
			inner, ok2 := strings.CutSuffix(inner, "]")
			if !ok || !ok2 || inner != lit {
				t.Fatalf("property %q written as %s", s, form)
			}
		}
	})
}

// decodeJSString decodes a quoted JavaScript string literal with the escapes \\ \' \" \n \r \t \b \f \v
// \uXXXX and \u{X…}; any other backslash, a raw line terminator or an unescaped quote is an error.
func decodeJSString(lit string) (string, error) {
	if len(lit) < 2 || lit[0] != lit[len(lit)-1] || (lit[0] != '"' && lit[0] != '\'') {
		return "", strconv.ErrSyntax
	}
	quote, body := rune(lit[0]), lit[1:len(lit)-1]
	var b strings.Builder
	for i := 0; i < len(body); {
		r, n := utf8.DecodeRuneInString(body[i:])
		i += n
		switch {
		case r == quote || r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029':
			return "", strconv.ErrSyntax
		case r != '\\':
			b.WriteRune(r)
			continue
		}
		if i >= len(body) {
			return "", strconv.ErrSyntax
		}
		e := body[i]
		i++
		switch e {
		case '\\', '\'', '"':
			b.WriteByte(e)
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'v':
			b.WriteByte('\v')
		case 'u':
			var hex string
			if strings.HasPrefix(body[i:], "{") {
				end := strings.IndexByte(body[i:], '}')
				if end < 0 {
					return "", strconv.ErrSyntax
				}
				hex, i = body[i+1:i+end], i+end+1
			} else {
				if i+4 > len(body) {
					return "", strconv.ErrSyntax
				}
				hex, i = body[i:i+4], i+4
			}
			v, err := strconv.ParseUint(hex, 16, 32)
			if err != nil || v > utf8.MaxRune {
				return "", strconv.ErrSyntax
			}
			b.WriteRune(rune(v))
		default:
			return "", strconv.ErrSyntax
		}
	}
	return b.String(), nil
}
