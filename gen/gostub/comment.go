package gostub

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
)

// commentText makes text fit for // comments: CR and CRLF line ends become LF, and what the Go scanner
// rejects even in a comment (NUL, a byte order mark after the start of the file) is written as its escape.
// Doc comments from the IDL's source cannot hold those, but a tag's deprecated= message can.
var commentText = strings.NewReplacer("\r\n", "\n", "\r", "\n", "\x00", `\x00`, "\ufeff", `\ufeff`)

// doc returns the doc comment text as `//` lines: a model's doc has its comment markers removed, and
// jennifer would render a multi-line string as a /* */ block.
func doc(text string) string {
	if needsRepair(text) {
		text = commentText.Replace(strings.ToValidUTF8(text, "\ufffd"))
	}
	var b strings.Builder
	b.Grow(len(text) + 3*(strings.Count(text, "\n")+1))
	first := true
	for l := range strings.SplitSeq(text, "\n") {
		if !first {
			b.WriteByte('\n')
		}
		first = false
		switch {
		case l == "":
			b.WriteString("//")
		case strings.HasPrefix(l, "\t"):
			b.WriteString("//") // a code block keeps its tab indent
			b.WriteString(l)
		default:
			b.WriteString("// ")
			b.WriteString(l)
		}
	}
	return b.String()
}

// needsRepair reports whether text holds what commentText replaces or bytes that are not UTF-8. Almost
// every doc is ASCII without CR, which one pass over its bytes decides: strings.ContainsAny with a
// non-ASCII character in its set compares every rune with every character, a twentieth of the backend.
func needsRepair(text string) bool {
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '\r' || c == 0:
			return true
		case c >= utf8.RuneSelf:
			rest := text[i:]
			return !utf8.ValidString(rest) || strings.ContainsAny(rest, "\r\x00\ufeff")
		}
	}
	return false
}

// withDoc puts the doc comment text, if any, above code.
func withDoc(text string, code jen.Code) jen.Code {
	if text == "" {
		return code
	}
	return jen.Comment(doc(text)).Line().Add(code)
}

// paragraphs joins the non-empty texts as paragraphs of one doc comment.
func paragraphs(texts ...string) string {
	var ps []string
	for _, t := range texts {
		if t != "" {
			ps = append(ps, t)
		}
	}
	return strings.Join(ps, "\n\n")
}

// proseWidth is where the stubs' own doc comments wrap: the IDL's docs are kept as written.
const proseWidth = 96

// prose formats a doc comment of the stubs' own, wrapped at proseWidth.
func prose(format string, args ...any) string {
	text := format
	if len(args) > 0 {
		text = fmt.Sprintf(format, args...)
	}
	var b strings.Builder
	b.Grow(len(text))
	line := 0 // the length of the current line
	for word := range strings.FieldsSeq(text) {
		if line > 0 && line+1+len(word) > proseWidth {
			b.WriteByte('\n')
			line = 0
		}
		if line > 0 {
			b.WriteByte(' ')
			line++
		}
		b.WriteString(word)
		line += len(word)
	}
	return b.String()
}
