package load

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/base/paths"
)

// Diagnostic and Diagnostics are the model's: the loader's problems and a backend's print alike.
type (
	Diagnostic  = model.Diagnostic
	Diagnostics = model.Diagnostics
)

// sortAndRelativize puts diagnostics in position order, drops exact duplicates (go/packages reports some
// errors once per importing package) and makes file names relative to wd, which is what editors and
// terminals can open.
func sortAndRelativize(ds []Diagnostic, wd string) Diagnostics {
	for i := range ds {
		ds[i].Pos.Filename = paths.Rel(wd, ds[i].Pos.Filename)
		ds[i].Msg = oneLine(ds[i].Msg)
	}
	return Diagnostics(ds).Sorted()
}

// oneLine returns msg with what a line of a terminal cannot show written as Go escapes: bytes that are
// not UTF-8 (\x85), control characters and line breaks (\n, \u2028). Messages quote the author's text
// (a tag's value, a pattern), which may hold any of them, and a diagnostic must stay one line of text.
// Tabs stay.
func oneLine(msg string) string {
	hidden := func(r rune) bool { return r != '\t' && !unicode.IsPrint(r) }
	if utf8.ValidString(msg) && !strings.ContainsFunc(msg, hidden) {
		return msg
	}
	var b strings.Builder
	for i := 0; i < len(msg); {
		r, size := utf8.DecodeRuneInString(msg[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, msg[i])
		case hidden(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteRune(r)
		}
		i += size
	}
	return b.String()
}

// subjectName is what a diagnostic is about, as its message starts: Owner.Field for a field of a
// declaration, or the whole of it (type X) without a field. A model's build passes one down for every
// field, and few of them ever start a message: the text is put together only for one (String).
type subjectName struct{ owner, field string }

func (s subjectName) String() string {
	if s.field == "" {
		return s.owner
	}
	return s.owner + "." + s.field
}
