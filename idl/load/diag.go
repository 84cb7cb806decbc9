package load

import (
	"fmt"
	"go/token"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A Diagnostic is one problem found in the IDL, at a position in its source.
type Diagnostic struct {
	Pos token.Position
	Msg string
}

// String formats the diagnostic as `file:line:col: message`, with the file as recorded in Pos.
func (d Diagnostic) String() string {
	switch {
	case d.Pos.Filename == "":
		return d.Msg
	case d.Pos.Line == 0:
		return d.Pos.Filename + ": " + d.Msg
	case d.Pos.Column == 0:
		return fmt.Sprintf("%s:%d: %s", d.Pos.Filename, d.Pos.Line, d.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", d.Pos.Filename, d.Pos.Line, d.Pos.Column, d.Msg)
}

// Diagnostics is the error Load returns when the IDL has problems: all of them, sorted by position, with
// file names relative to the working directory.
type Diagnostics []Diagnostic

func (ds Diagnostics) Error() string {
	lines := make([]string, len(ds))
	for i, d := range ds {
		lines[i] = d.String()
	}
	return strings.Join(lines, "\n")
}

// sortAndRelativize puts diagnostics in position order, drops exact duplicates (go/packages reports some
// errors once per importing package) and makes file names relative to wd, which is what editors and
// terminals can open.
func sortAndRelativize(ds []Diagnostic, wd string) Diagnostics {
	for i := range ds {
		ds[i].Pos.Filename = relativePath(wd, ds[i].Pos.Filename)
		ds[i].Msg = oneLine(ds[i].Msg)
	}
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i].Pos, ds[j].Pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		return ds[i].Msg < ds[j].Msg
	})
	out := ds[:0]
	for i, d := range ds {
		if i > 0 && d == ds[i-1] {
			continue
		}
		out = append(out, d)
	}
	return Diagnostics(out)
}

// relativePath returns path relative to wd when path is absolute and that is possible; otherwise path.
func relativePath(wd, path string) string {
	if path == "" || !filepath.IsAbs(path) || wd == "" {
		return path
	}
	if rel, err := filepath.Rel(wd, path); err == nil {
		return rel
	}
	return path
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
